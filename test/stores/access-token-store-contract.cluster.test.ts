import '../support/on-redis-cluster';
import './access-token-store-contract.test';

// The same tests as access-token-store-contract.test.ts, on a real 3-master Redis Cluster.
