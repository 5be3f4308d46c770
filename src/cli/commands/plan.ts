import type { CommandModule } from 'yargs';
import { withConnectionOptions } from '../connection-options.js';
import { withRunOptions } from '../run-flags.js';
import { withFleetOptions } from '../fleet-options.js';
import type { PlanArgs } from '../handlers/plan.js';

/** What `apply` would send: against the live menu when the target's credentials are known, else the snapshot. */
export const planCommand: CommandModule<object, PlanArgs> = {
  command: 'plan',
  describe: 'Show what apply would change (against the live menu, or the last applied snapshot offline)',
  builder: (yargs) =>
    withConnectionOptions(withFleetOptions(withRunOptions(yargs)), { deferDefaults: true })
      .option('offline', {
        type: 'boolean',
        describe: 'Do not read the live menu: plan against the local snapshot only',
      })
      .option('detailed-exitcode', {
        type: 'boolean',
        describe: 'Exit 0 when nothing changes, 10 when something does (3 blocked, 2 invalid input)',
      })
      .option('out-plan', { type: 'string', describe: 'Save the plan to apply later with apply --plan' }),
  handler: async (args) => (await import('../handlers/plan.js')).runPlan(args),
};
