import { checkTarget } from '../../config/check-target.js';
import { CONFIG_FILE, loadConfig } from '../../config/load-config.js';
import { ExitCode, UsageError } from '../../errors.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';

export interface ConfigValidateArgs {
  config?: string;
  target?: string;
}

/** Prints every problem of the config file and of its targets; the exit code set on the process. */
export async function runConfigValidate(args: ConfigValidateArgs): Promise<void> {
  const out = createOutput();
  const loaded = await loadConfig(args.config ?? CONFIG_FILE);
  if (!loaded) throw new UsageError(`no config file ${CONFIG_FILE} in the current folder`);
  const names = args.target !== undefined ? [args.target] : Object.keys(loaded.config.targets);
  const problems = [];
  for (const name of names) problems.push(...(await checkTarget(loaded, name)));
  for (const problem of problems) out.error(`${loaded.file}: target ${problem.target}: ${problem.message}`);
  if (problems.length > 0) {
    out.error(`${countOf(problems.length, 'problem')} in ${countOf(names.length, 'target')}`);
    process.exitCode = ExitCode.invalid;
    return;
  }
  out.info(`${loaded.file} is valid: ${countOf(names.length, 'target')} (${names.join(', ') || 'none'})`);
}
