import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { ExitCode, UsageError } from '../../errors.js';
import { extractMenu } from '../../mapping/extract-menu.js';
import { issueReport, summaryLine } from '../../mapping/issue-summary.js';
import type { ExtractResult } from '../../mapping/types.js';
import { createOutput, type Output } from '../output.js';

interface ExtractArgs {
  mapping: string;
  input: string[];
  param?: string[];
  out?: string;
  quiet?: boolean;
}

/** `--param store=Main` (repeatable) to a record; a value may itself contain "=". */
export function parseParams(list: readonly string[] | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param takes name=value, got "${item}"`);
    params[item.slice(0, eq).trim()] = item.slice(eq + 1);
  }
  return params;
}

export function withMappingOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('mapping', {
      type: 'string',
      demandOption: true,
      describe: 'Mapping file (.yaml/.json) or the name of a shipped mapping, e.g. square-item-library',
    })
    .option('param', { type: 'string', array: true, describe: 'Mapping parameter name=value (repeatable)' })
    .option('quiet', { type: 'boolean', describe: 'Print only problems' });
}

/** Summary and every problem on stderr; data never goes there. */
export function printResult(result: ExtractResult, out: Output): void {
  out.info(summaryLine(result));
  for (const line of issueReport(result.issues)) {
    if (line.startsWith('error')) out.error(line);
    else out.warn(line);
  }
}

export const extractCommand: CommandModule<object, ExtractArgs> = {
  command: 'extract',
  describe: 'Read POS exports with a mapping and print the canonical menu JSON',
  builder: (yargs) =>
    withMappingOptions(yargs)
      .option('input', {
        type: 'string',
        array: true,
        demandOption: true,
        describe: "Input file, in the order of the mapping's sources (repeatable)",
      })
      .option('out', {
        type: 'string',
        describe: 'Write the menu JSON to this file instead of stdout',
      }) as Argv<ExtractArgs>,
  handler: async (args) => {
    const out = createOutput({ quiet: args.quiet === true });
    const result = await extractMenu({
      mapping: args.mapping,
      inputs: args.input,
      params: parseParams(args.param),
    });
    printResult(result, out);
    if (result.stats.errors > 0) {
      out.error(
        `extract failed with ${result.stats.errors} error${result.stats.errors === 1 ? '' : 's'}: nothing written${args.out ? ` to ${args.out}` : ''}`,
      );
      process.exitCode = ExitCode.invalid;
      return;
    }
    const json = `${JSON.stringify(result.menu, null, 2)}\n`;
    if (args.out) {
      // Write then rename, so a reader never sees half a menu.
      const tmp = path.join(path.dirname(args.out), `.${path.basename(args.out)}.${process.pid}.tmp`);
      await writeFile(tmp, json);
      await rename(tmp, args.out);
      out.info(`menu written to ${args.out}`);
    } else out.data(json);
    process.exitCode = ExitCode.ok;
  },
};
