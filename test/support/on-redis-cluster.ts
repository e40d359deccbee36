import { onRedisCluster } from './redis-server';

// Imported first by a `*.cluster.test.ts` file: the Redis tests it imports next run on a Redis Cluster.
onRedisCluster();
