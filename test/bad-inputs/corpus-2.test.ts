import { corpusShard } from './corpus-shard.js';

corpusShard(1, 3);
