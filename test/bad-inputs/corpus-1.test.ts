import { corpusShard } from './corpus-shard.js';

corpusShard(0, 3);
