import type { Argv, CommandModule } from 'yargs';
import { CONFIG_FILE } from '../../config/config-file.js';
import type { ConfigValidateArgs } from '../handlers/config-validate.js';

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
  handler: async (args) => (await import('../handlers/config-validate.js')).runConfigValidate(args),
};

/** `menusync config <what>`: the config file itself. */
export const configCommand: CommandModule<object, object> = {
  command: 'config',
  describe: 'Check the config file (validate)',
  builder: (yargs: Argv) =>
    yargs.command(validateConfigCommand).demandCommand(1, 'name what to do: validate'),
  handler: () => undefined,
};
