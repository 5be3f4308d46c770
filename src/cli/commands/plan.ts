import type { CommandModule } from 'yargs';
import { summaryLine, emitReport } from '../../apply/present.js';
import { runPlanTarget } from '../../apply/run-plan-target.js';
import { createSavedPlan, writeSavedPlan } from '../../apply/saved-plan.js';
import { resolvePlanTarget } from '../../apply/resolve-plan-target.js';
import {
  resolveRunSettings,
  withRunOptions,
  type RunArgs,
  type RunSettings,
} from '../../config/run-options.js';
import { UsageError } from '../../errors.js';
import { openStateStore } from '../../state/open-store.js';
import type { StateStore } from '../../state/store.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput } from '../output.js';
import { reportOutputs, runReads } from '../run-paths.js';
import { createProgress } from '../progress.js';
import { runFleetCommand } from '../fleet-command.js';
import { isFleetRun, withFleetOptions, type FleetArgs } from '../fleet-options.js';

type PlanArgs = RunArgs &
  FleetArgs & {
    'base-url'?: string;
    'client-id'?: string;
    'detailed-exitcode'?: boolean;
    'out-plan'?: string;
  };

/** Offline: what `apply` would send, against the target's last applied snapshot. */
export const planCommand: CommandModule<object, PlanArgs> = {
  command: 'plan',
  describe: 'Show what apply would change (offline: compares with the last applied snapshot)',
  builder: (yargs) =>
    withFleetOptions(withRunOptions(yargs))
      .option('base-url', {
        type: 'string',
        describe: 'Platform base URL: names the target (env MENUSYNC_BASE_URL)',
      })
      .option('client-id', {
        type: 'string',
        describe: 'Client id: names the target (env MENUSYNC_CLIENT_ID)',
      })
      .option('detailed-exitcode', {
        type: 'boolean',
        describe: 'Exit 0 when nothing changes, 10 when something does (3 blocked, 2 invalid input)',
      })
      .option('out-plan', { type: 'string', describe: 'Save the plan to apply later with apply --plan' }),
  handler: async (args) => {
    if (isFleetRun(args)) return runFleetCommand('plan', args);
    const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
    const store = await openStateStore(settings.stateDir);
    try {
      await planOne(args, settings, store);
    } finally {
      await store.close();
    }
  },
};

/** One target's plan, printed and written as the command does; the exit code set on the process. */
async function planOne(args: PlanArgs, settings: RunSettings, store: StateStore): Promise<void> {
  const out = createOutput({ quiet: args.quiet === true });
  // Said (and checked) before the output paths, as the first line of the run.
  const target = await resolvePlanTarget(args, settings, store, out);
  if (args['out-plan'] && !target)
    throw new UsageError('--out-plan needs a target: --target, or --base-url and --client-id');
  await checkOutputPaths(reportOutputs(args, { '--out-plan': args['out-plan'] }), {
    inputs: runReads(args, settings),
    ...(store.kind === 'local' ? { stateDir: store.location } : {}),
  });
  // Absolute, or the URL without its password: a relative --state says where it really is.
  out.info(`state: ${store.location}`);
  const progress = createProgress({ quiet: args.quiet === true, json: args.json === true });
  const result = await runPlanTarget(settings, args, {
    store,
    out,
    progress: progress.sink,
    extracted: progress.stop,
    known: target,
  });
  if (result.error !== undefined || !result.report || !result.offline || !result.menu) throw result.error;
  const { report, offline, menu } = result;
  await emitReport(report, args, out);
  if (args['out-plan'] && target) {
    await writeSavedPlan(
      args['out-plan'],
      createSavedPlan(offline.plan, menu, target, offline.baseline, new Date()),
    );
    out.info(`plan saved to ${args['out-plan']}`);
  }
  if (args.quiet) {
    // Cron reads only this: a blocked plan must say why, not just that it is blocked.
    if (offline.plan.blocked) out.error(`blocked: ${offline.plan.blocked}`);
    out.error(summaryLine(report));
  }
  process.exitCode = result.exit;
}
