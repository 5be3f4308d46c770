import { corpusShard } from './corpus-shard.js';

corpusShard(2, 3);
