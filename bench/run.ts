import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { writeDocsPage } from './docs-page.js';
import { parseBenchArgs, USAGE, wantsHelp, type BenchOptions } from './options.js';
import { renderTable } from './report.js';
import { runBench } from './run-bench.js';

/** `npm run bench`: the Markdown table on stdout, progress on stderr, the JSON result in --out. */
async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let options: BenchOptions;
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const loadAtStart = loadavg();
  const result = await runBench(options, (m) => process.stderr.write(`bench: ${m}\n`));
  process.stdout.write(renderTable(result.rows));
  if (options.out) await writeFile(options.out, `${JSON.stringify(result, null, 2)}\n`);
  if (options.writeDocs) {
    const page = await writeDocsPage(result, { start: loadAtStart, end: loadavg() });
    process.stderr.write(`bench: wrote ${page}\n`);
  }
  process.stderr.write(`bench: done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

await main();
