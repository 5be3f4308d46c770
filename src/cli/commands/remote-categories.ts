import type { Argv, CommandModule } from 'yargs';
import { withConfigTargetOptions } from '../config-target-options.js';
import { withConnectionOptions } from '../connection-options.js';
import type { RemoteCategoriesArgs } from '../handlers/remote-categories.js';
import { productsCommand } from './remote-products.js';

const categoriesCommand: CommandModule<object, RemoteCategoriesArgs> = {
  command: 'categories',
  describe: 'List the categories the platform holds now (all pages)',
  builder: (yargs) =>
    withConnectionOptions(
      withConfigTargetOptions(yargs)
        .option('json', { type: 'boolean', default: false, describe: 'Print the categories as JSON' })
        .option('visible', {
          choices: [0, 1] as const,
          describe: '0 = all categories including hidden ones, 1 = visible only (platform default)',
        })
        .option('q', { type: 'string', describe: 'Only categories whose name contains this text' }),
      // No yargs defaults: an absent flag lets the config target decide.
      { deferDefaults: true },
    ),
  handler: async (args) => (await import('../handlers/remote-categories.js')).runRemoteCategories(args),
};

/** `menusync remote <what>`: read what the platform holds. */
export const remoteCommand: CommandModule<object, object> = {
  command: 'remote',
  describe: 'Read what the platform holds (categories; products from the sandbox)',
  builder: (yargs: Argv) =>
    yargs
      .command(categoriesCommand)
      .command(productsCommand)
      .demandCommand(1, 'name what to read: categories or products'),
  handler: () => undefined,
};
