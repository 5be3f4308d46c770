import type { Argv } from 'yargs';
import { DEFAULT_STATE_DIR } from '../state/target.js';

/** The options that name a target's state without reading a menu: `history` and `rollback`. */
export interface StateTargetArgs {
  config?: string;
  target?: string;
  state?: string;
  'pos-uid'?: string;
  json?: boolean;
}

export function withStateTargetOptions<T>(yargs: Argv<T>): Argv<T & StateTargetArgs> {
  return yargs
    .option('config', {
      type: 'string',
      describe: 'Config file (default: ./menusync.config.yaml when present)',
    })
    .option('target', { type: 'string', describe: 'Named target of the config file' })
    .option('state', {
      type: 'string',
      describe: `State folder or postgres:// URL (env MENUSYNC_STATE; default ${DEFAULT_STATE_DIR}/ beside the config file, else in the current folder)`,
    })
    .option('pos-uid', {
      type: 'string',
      describe: 'Point-of-sale identifier of the target (default "default")',
    })
    .option('json', { type: 'boolean', describe: 'Print JSON on stdout' }) as Argv<T & StateTargetArgs>;
}
