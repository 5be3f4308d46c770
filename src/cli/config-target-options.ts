import type { Argv } from 'yargs';

/** `--config` and `--target`: the commands that reach a platform through a config target. */
export interface ConfigTargetArgs {
  config?: string;
  target?: string;
}

export function withConfigTargetOptions<T>(yargs: Argv<T>): Argv<T & ConfigTargetArgs> {
  return yargs
    .option('config', {
      type: 'string',
      describe: 'Config file (default: ./menusync.config.yaml when present)',
    })
    .option('target', {
      type: 'string',
      describe: 'Named target of the config file: its platform and client',
    }) as Argv<T & ConfigTargetArgs>;
}
