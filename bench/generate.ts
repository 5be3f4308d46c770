import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { parse as parseYaml, stringify } from 'yaml';
import { sandboxClient, writeClientSecrets } from '../src/sandbox/index.js';
import { SHIPPED_MAPPINGS_DIR } from '../src/mapping/loader.js';

/**
 * Synthetic Loyverse "Export items" data: one row per product (one variant, so no variant option),
 * and two modifier-set membership columns (Milk, Syrup) that every product uses. The bench mapping
 * declares five values for each set, so every product carries two option groups of five values.
 */
export const BENCH_HEADERS = [
  'Handle',
  'SKU',
  'Name',
  'Category',
  'Description',
  'Option 1 name',
  'Option 1 value',
  'Default price',
  'Available for sale [Main]',
  'Price [Main]',
  'Modifier - "Milk"',
  'Modifier - "Syrup"',
] as const;

export interface GenerateOptions {
  products: number;
  /** Every `changeEvery`-th product gets another price and name (100 = 1% changed); 0 = none. */
  changeEvery?: number;
}

const CATEGORIES = 40;

/** Deterministic: the same options always give the same rows, so runs are comparable. */
export function benchRow(i: number, changed: boolean): (string | number)[] {
  const cents = 150 + ((i * 37) % 2000) + (changed ? 55 : 0);
  const price = (cents / 100).toFixed(2);
  return [
    `item-${i}`,
    String(100000 + i),
    `Item ${i}${changed ? ' (new recipe)' : ''}`,
    `Category ${i % CATEGORIES}`,
    i % 3 === 0 ? `<p>House item number ${i} &amp; friends</p>` : '',
    '',
    '',
    price,
    i % 50 === 0 ? 'N' : 'Y',
    price,
    'Y',
    'Y',
  ];
}

function isChanged(i: number, changeEvery: number | undefined): boolean {
  return changeEvery !== undefined && changeEvery > 0 && i % changeEvery === 0;
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Writes the CSV with backpressure, so generating 100k rows holds only a chunk in memory. */
export async function writeBenchCsv(file: string, options: GenerateOptions): Promise<void> {
  const out = createWriteStream(file);
  const write = async (line: string): Promise<void> => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(BENCH_HEADERS.map(csvField).join(','));
  let chunk: string[] = [];
  for (let i = 0; i < options.products; i++) {
    chunk.push(benchRow(i, isChanged(i, options.changeEvery)).map(csvField).join(','));
    if (chunk.length === 1000) {
      await write(chunk.join('\n'));
      chunk = [];
    }
  }
  if (chunk.length > 0) await write(chunk.join('\n'));
  out.end();
  await once(out, 'finish');
}

/** The same rows as an .xlsx, written with exceljs' streaming writer (prices as numbers). */
export async function writeBenchXlsx(file: string, options: GenerateOptions): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet('Items');
  sheet.addRow([...BENCH_HEADERS]).commit();
  for (let i = 0; i < options.products; i++) {
    const row = benchRow(i, isChanged(i, options.changeEvery));
    row[7] = Number(row[7]);
    row[9] = Number(row[9]);
    sheet.addRow(row).commit();
  }
  sheet.commit();
  await workbook.commit();
}

const SETS = {
  Milk: ['Whole', 'Skim', 'Oat', 'Soy', 'Almond'],
  Syrup: ['Vanilla', 'Caramel', 'Hazelnut', 'Mocha', 'Cinnamon'],
};

/**
 * The shipped loyverse-items mapping with the two sets declared (five values each), written as
 * JSON into `dir`. Deriving it at run time keeps the bench on the real shipped mapping.
 */
export async function writeBenchMapping(dir: string, format: 'csv' | 'xlsx'): Promise<string> {
  const text = await readFile(path.join(SHIPPED_MAPPINGS_DIR, 'loyverse-items', 'mapping.yaml'), 'utf8');
  const mapping = parseYaml(text) as {
    name: string;
    fixtures?: string[];
    sources: { items: { format?: string } };
    table: { modifier_sets: { sets?: unknown } };
  };
  mapping.name = `loyverse-items-bench-${format}`;
  delete mapping.fixtures;
  mapping.sources.items.format = format;
  mapping.table.modifier_sets.sets = Object.fromEntries(
    Object.entries(SETS).map(([set, names]) => [
      set,
      { values: names.map((name, k) => ({ name, price: k * 0.25 })) },
    ]),
  );
  const file = path.join(dir, `${mapping.name}.json`);
  await writeFile(file, JSON.stringify(mapping, null, 2));
  return file;
}

/**
 * A config of `targets` targets of `products` products against `baseUrl`, all reading one export,
 * each with its own sandbox client (sandboxClients(targets)) and secret file.
 */
export async function writeFleetConfig(
  dir: string,
  targets: number,
  baseUrl: string,
  products: number,
): Promise<string> {
  const csv = path.join(dir, 'menu.csv');
  await writeBenchCsv(csv, { products });
  const mapping = await writeBenchMapping(dir, 'csv');
  await writeClientSecrets(path.join(dir, 'secrets'), targets);
  const config: Record<string, unknown> = {};
  // What every target shares under `defaults:`, and paths relative to the config file (as the
  // config allows): 10,000 targets that each spell them out pass the 4 MiB a config file may have.
  for (let i = 1; i <= targets; i++) {
    const { clientId } = sandboxClient(i);
    config[`shop-${i}`] = { client_id: clientId, client_secret_file: `secrets/${clientId}.secret` };
  }
  const defaults = {
    mapping: path.relative(dir, mapping),
    inputs: [path.relative(dir, csv)],
    base_url: baseUrl,
  };
  const file = path.join(dir, 'menusync.config.yaml');
  await writeFile(file, stringify({ defaults, targets: config }));
  return file;
}
