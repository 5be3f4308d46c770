import type { Argv, CommandModule } from 'yargs';
import { ExitCode } from '../../errors.js';
import { paramFileRoots, resolveParameters, runMapping } from '../../mapping/extract-menu.js';
import { loadMapping } from '../../mapping/loader.js';
import { resolveInputLimits, type InputLimitArgs } from '../../config/input-limit-args.js';
import { parseNow, parseParams, printResult, problemOutput, withMappingOptions } from './extract.js';
import { createProgress } from '../progress.js';

interface ValidateArgs extends InputLimitArgs {
  mapping: string;
  input?: string[];
  param?: string[];
  quiet?: boolean;
  encoding?: string;
  now?: string;
}

/** Checks a mapping (every problem with file:line) and, given inputs, the data it maps. */
export const validateCommand: CommandModule<object, ValidateArgs> = {
  command: 'validate',
  describe: 'Check a mapping file and, with --input, the data it reads (exit 0 valid, 2 problems)',
  builder: (yargs) =>
    withMappingOptions(yargs).option('input', {
      type: 'string',
      array: true,
      describe: 'Input file(s) to check with the mapping (repeatable)',
    }) as Argv<ValidateArgs>,
  handler: async (args) => {
    const out = problemOutput(args.quiet);
    const loaded = await loadMapping(args.mapping);
    const { mapping, file } = loaded;
    const params = parseParams(args.param);
    resolveParameters(mapping, params);
    out.info(
      `mapping ${mapping.name} (${file}) is valid: kind ${mapping.kind}, sources ${Object.keys(mapping.sources).join(', ')}`,
    );
    if (!args.input || args.input.length === 0) {
      process.exitCode = ExitCode.ok;
      return;
    }
    const progress = createProgress({ quiet: args.quiet === true });
    const result = await runMapping(mapping, args.input, params, {
      ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
      progress: progress.sink,
      limits: resolveInputLimits(args),
      roots: paramFileRoots(loaded),
      ...parseNow(args.now),
    }).finally(progress.stop);
    printResult(result, out);
    process.exitCode = result.stats.errors > 0 ? ExitCode.invalid : ExitCode.ok;
  },
};
