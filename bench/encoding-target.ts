import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { compareRuns } from './measure.js';
import { ratioRow } from './rows.js';
import type { BenchContext, BenchRow } from './types.js';
import { runProcess } from './whole-process.js';

/** Issue 28: a Windows-1251 export detected and decoded within 1.1x of the same file in UTF-8. */
export const ENCODING_RATIO_LIMIT = 1.1;

const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');
const DEMO_MAPPING = path.join(PACKAGE_ROOT, 'fixtures', 'demo', 'demo-mapping.yaml');
const HEADER = 'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""\n';
const DISHES = ['Борщ украинский', 'Салат Цезарь', 'Пельмени с маслом', 'Солянка сборная', 'Блины с икрой'];
const CATEGORIES = ['Супы', 'Салаты', 'Горячие блюда', 'Закуски', 'Десерты'];

/** A demo-format export of `rows` Russian dishes, as text. */
function russianMenu(rows: number): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `item-${i},${DISHES[i % 5]} ${i},${CATEGORIES[(i >> 4) % 5]},Порция ${i % 300} г,,${(i % 900) + 100}.00,Y,N\n`,
    );
  }
  return lines.join('');
}

/** Windows-1251 bytes of `text`, by the reverse of Node's own decoding table (no encoder in Node). */
function windows1251(text: string): Buffer {
  const table = new Map<string, number>();
  const decoder = new TextDecoder('windows-1251');
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  const bytes = Buffer.allocUnsafe(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = table.get(text[i]!) ?? 0x3f;
  return bytes;
}

/**
 * The whole `menusync extract --out` process on a Windows-1251 export, detection included,
 * against the same process on the same menu in UTF-8: what reading a legacy code page costs.
 */
export async function runEncodingTarget(ctx: BenchContext, rows: number): Promise<BenchRow[]> {
  const text = russianMenu(rows);
  const legacy = path.join(ctx.dir, `menu-1251-${rows}.csv`);
  const utf8 = path.join(ctx.dir, `menu-utf8-${rows}.csv`);
  await writeFile(legacy, windows1251(text));
  await writeFile(utf8, text);
  const out = path.join(ctx.dir, 'menu-encoding.json');
  const extract = (input: string) => () =>
    runProcess({
      args: [CLI, 'extract', '--mapping', DEMO_MAPPING, '--input', input, '--out', out],
      checkFrom: 'stderr',
    });
  ctx.log(`encoding windows-1251 vs utf-8 ${rows} (whole processes)`);
  const run = await compareRuns(extract(legacy), extract(utf8), ctx.reps, ctx.warmup);
  return [
    ratioRow('extract --out of a Windows-1251 export vs the same in UTF-8', rows, run, ENCODING_RATIO_LIMIT),
  ];
}
