import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

/**
 * The reference process for the extract target: csv-parse's documented streaming use on the file,
 * each record counted and dropped. `node dist-bench/bench/raw-csv-parse.js <file>` prints "<n> records".
 */
async function main(): Promise<void> {
  let records = 0;
  for await (const _record of createReadStream(process.argv[2]!).pipe(parse())) records += 1;
  process.stdout.write(`${records} records\n`);
}

await main();
