import type { CommandModule } from 'yargs';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../apply/4-send/split-payload.js';
import { DEFAULT_KEEP_RUNS } from '../../state/keep-runs.js';
import { withConnectionOptions } from '../connection-options.js';
import { withRunOptions } from '../run-flags.js';
import { withFleetOptions } from '../fleet-options.js';
import type { ApplyArgs } from '../handlers/apply.js';

/** Extract, plan, guard, confirm, send, verify: exit 0 ok, 1 platform failure, 2 invalid, 3 blocked, 4 locked. */
export const applyCommand: CommandModule<object, ApplyArgs> = {
  command: 'apply',
  describe: 'Apply the menu to the platform (plan, guards, confirmation, import, read-back)',
  builder: (yargs) =>
    // No yargs defaults for retry/timeout/auth: an absent flag lets the config target decide.
    withFleetOptions(withConnectionOptions(withRunOptions(yargs), { deferDefaults: true }))
      .option('yes', { type: 'boolean', describe: 'Do not ask; required for removals without a terminal' })
      .option('plan', { type: 'string', describe: 'Apply exactly this saved plan (from plan --out-plan)' })
      .option('max-payload-bytes', {
        type: 'number',
        describe: `Split a merge import above this many bytes into several requests (default ${DEFAULT_MAX_PAYLOAD_BYTES}); a replace is always sent whole`,
      })
      .option('keep-runs', {
        type: 'number',
        describe: `Runs kept in the state folder's history; older ones are removed (default ${DEFAULT_KEEP_RUNS})`,
      }),
  handler: async (args) => (await import('../handlers/apply.js')).runApply(args),
};
