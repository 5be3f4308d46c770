import type { CommandModule } from 'yargs';
import { withConfigTargetOptions } from '../config-target-options.js';
import { withConnectionOptions } from '../connection-options.js';
import type { RemoteProductsArgs } from '../handlers/remote-products.js';

export const productsCommand: CommandModule<object, RemoteProductsArgs> = {
  command: 'products',
  describe: 'List every product the menusync sandbox holds, by category (sandbox only)',
  builder: (yargs) =>
    withConnectionOptions(
      withConfigTargetOptions(yargs).option('json', {
        type: 'boolean',
        default: false,
        describe: 'Print the stored menu as JSON',
      }),
      // No yargs defaults: an absent flag lets the config target decide.
      { deferDefaults: true },
    ),
  handler: async (args) => (await import('../handlers/remote-products.js')).runRemoteProducts(args),
};
