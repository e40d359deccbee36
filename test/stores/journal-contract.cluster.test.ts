import '../support/on-redis-cluster';
import './journal-contract.test';

// The same tests as journal-contract.test.ts, on a real 3-master Redis Cluster.
