import { it } from 'vitest';
import * as a from './generators/deflate-bomb-xlsx-lying.js';
import * as b from './generators/wide-row-xlsx.js';
import * as c from './generators/small-xlsx.js';
it('gen', async () => { for (const g of [a, b, c]) { const t = Date.now(); await g.generate('/tmp/hostile-notes'); console.log('gen ms', Date.now() - t); } }, 120000);
