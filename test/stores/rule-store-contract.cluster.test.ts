import '../support/on-redis-cluster';
import './rule-store-contract.test';

// The same tests as rule-store-contract.test.ts, on a real 3-master Redis Cluster.
