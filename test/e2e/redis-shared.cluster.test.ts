import '../support/on-redis-cluster';
import './redis-shared.test';

// The same two-process tests as redis-shared.test.ts, with both mocks on a real 3-master Redis Cluster
// (--redis-url names one node; the mock detects cluster mode).
