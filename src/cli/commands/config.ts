import type { Argv, CommandModule } from 'yargs';
import { checkTarget } from '../../config/check-target.js';
import { CONFIG_FILE, loadConfig } from '../../config/load-config.js';
import { ExitCode, UsageError } from '../../errors.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';

interface ConfigValidateArgs {
  config?: string;
  target?: string;
}

/**
 * `menusync config validate`: the file (every key, schedule and `${NAME}`), then every target (or
 * the one named) as a run would resolve it. All problems at once; exit 2 when there is any.
 */
const validateConfigCommand: CommandModule<object, ConfigValidateArgs> = {
  command: 'validate',
  describe: 'Check the config file and that every target resolves (mapping, inputs, secret, base URL)',
  builder: (yargs) =>
    yargs
      .option('config', { type: 'string', describe: `Config file (default: ./${CONFIG_FILE})` })
      .option('target', { type: 'string', describe: 'Check only this target' }) as Argv<ConfigValidateArgs>,
  handler: async (args) => {
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
  },
};

/** `menusync config <what>`: the config file itself. */
export const configCommand: CommandModule<object, object> = {
  command: 'config',
  describe: 'Check the config file (validate)',
  builder: (yargs: Argv) =>
    yargs.command(validateConfigCommand).demandCommand(1, 'name what to do: validate'),
  handler: () => undefined,
};
