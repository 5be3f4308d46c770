import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parse } from 'csv-parse';

/**
 * The reference process for the extract target (issue 21, §6): a plain script that streams the
 * file through csv-parse with `columns: true` and writes every record as JSON to a file.
 * `node dist-bench/bench/raw-csv-parse.js <file> <out>` prints "<n> records".
 */
async function main(): Promise<void> {
  const out = createWriteStream(process.argv[3]!);
  let records = 0;
  for await (const record of createReadStream(process.argv[2]!).pipe(parse({ columns: true }))) {
    if (!out.write(`${records === 0 ? '[' : ','}\n${JSON.stringify(record)}`)) await once(out, 'drain');
    records += 1;
  }
  out.end(records === 0 ? '[]\n' : '\n]\n');
  await once(out, 'finish');
  process.stdout.write(`${records} records\n`);
}

await main();
