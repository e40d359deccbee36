import '../support/on-redis-cluster';
import './token-store-pages.test';

// The same tests as token-store-pages.test.ts, on a real 3-master Redis Cluster.
