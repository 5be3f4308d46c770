import type { LoadedConfig } from '../config/load-config.js';
import { resolveRunSettings } from './setting-flags.js';
import type { RunArgs } from './run-args.js';
import { isStateUrl } from '../state/target.js';
import type { NamedPath } from './output-paths.js';
import { runReads } from './run-paths.js';

/** What a fleet reads and where its targets keep state, which none of its outputs may overwrite. */
export interface FleetReads {
  inputs: NamedPath[];
  stateDirs: string[];
}

/**
 * Every file each target of the fleet reads (its mapping, inputs, `--param` files, client secret
 * file, the config) and each target's state folder, resolved as the target's own run resolves
 * them, so a fleet's --out-* can overwrite none of them: the next night's run would fail. A target
 * whose settings cannot be resolved fails its own run later; here its config entry is still read.
 */
export async function fleetReads(
  loaded: LoadedConfig,
  names: readonly string[],
  args: RunArgs & { 'client-secret-file'?: string },
): Promise<FleetReads> {
  const inputs: NamedPath[] = [{ option: 'the config file', file: loaded.file }];
  const stateDirs: string[] = [];
  for (const name of names) {
    const targetArgs = { ...args, target: name };
    const settings = await resolveRunSettings(targetArgs, process.cwd(), { loaded }).catch(() => undefined);
    if (!settings) continue;
    const secretFile = args['client-secret-file'] ?? settings.config.client_secret_file;
    const reads = runReads({ ...targetArgs, config: loaded.file }, settings, {
      '--client-secret-file': secretFile,
    });
    for (const read of reads) {
      if (read.file === loaded.file) continue;
      inputs.push({ ...read, option: `target ${name}'s ${read.option.replace(/^--/, '')}` });
    }
    if (!isStateUrl(settings.stateDir)) stateDirs.push(settings.stateDir);
  }
  return { inputs, stateDirs };
}
