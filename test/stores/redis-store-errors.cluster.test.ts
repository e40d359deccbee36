import '../support/on-redis-cluster';
import './redis-store-errors.test';

// The same tests as redis-store-errors.test.ts, on a real 3-master Redis Cluster.
