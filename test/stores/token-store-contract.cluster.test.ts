import '../support/on-redis-cluster';
import './token-store-contract.test';

// The same tests as token-store-contract.test.ts, on a real 3-master Redis Cluster.
