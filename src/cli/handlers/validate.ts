import { ExitCode, UsageError } from '../../errors.js';
import { paramFileRoots, resolveParameters, runMapping } from '../../mapping/extract-menu.js';
import { loadMapping } from '../../mapping/loader.js';
import { resolveInputLimits } from '../../config/settings/resolve.js';
import { limitsFromFlags, type InputLimitArgs } from '../input-limit-options.js';
import { FLAG_NAMES } from '../setting-flags.js';
import { resolveRunSettings } from '../setting-flags.js';
import { parseNow } from '../now-option.js';
import { parseParams, printResult, problemOutput } from './extract.js';
import { createProgress } from '../progress.js';

export interface ValidateArgs extends InputLimitArgs {
  mapping?: string;
  input?: string[];
  param?: string[];
  quiet?: boolean;
  encoding?: string;
  now?: string;
  config?: string;
  target?: string;
}

/** Checks the mapping, then the inputs when there are any; the exit code set on the process. */
export async function runValidate(args: ValidateArgs): Promise<void> {
  const out = problemOutput(args.quiet);
  const { mappingRef, inputs, params, paramDirs, limits } = await whatToCheck(args);
  const loaded = await loadMapping(mappingRef);
  const { mapping, file } = loaded;
  resolveParameters(mapping, params);
  out.info(
    `mapping ${mapping.name} (${file}) is valid: kind ${mapping.kind}, sources ${Object.keys(mapping.sources).join(', ')}`,
  );
  if (inputs.length === 0) {
    process.exitCode = ExitCode.ok;
    return;
  }
  const progress = createProgress({ quiet: args.quiet === true });
  const result = await runMapping(mapping, inputs, params, {
    ...(args.encoding !== undefined ? { encoding: args.encoding } : {}),
    progress: progress.sink,
    limits,
    names: FLAG_NAMES,
    roots: paramFileRoots(loaded, Object.keys(paramDirs).length > 0 ? paramDirs : undefined),
    ...parseNow(args.now),
  }).finally(progress.stop);
  printResult(result, out);
  process.exitCode = result.stats.errors > 0 ? ExitCode.invalid : ExitCode.ok;
}

/** The flags alone, or with --target (or --config) the config target under them. */
async function whatToCheck(args: ValidateArgs) {
  if (args.target === undefined && args.config === undefined) {
    if (args.mapping === undefined) throw new UsageError('name a mapping: --mapping FILE, or --target NAME');
    return {
      mappingRef: args.mapping,
      inputs: args.input ?? [],
      params: parseParams(args.param),
      paramDirs: {},
      limits: resolveInputLimits(limitsFromFlags(args), {}, FLAG_NAMES),
    };
  }
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
  if (!settings.mapping)
    throw new UsageError('no mapping: pass --mapping (or set mapping in the config target)');
  return {
    mappingRef: settings.mapping,
    inputs: settings.inputs,
    params: settings.params,
    paramDirs: settings.paramDirs,
    limits: settings.limits,
  };
}
