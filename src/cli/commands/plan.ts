import type { CommandModule } from 'yargs';
import { summaryLine, emitReport } from '../../apply/present.js';
import { planOffline } from '../../apply/plan-offline.js';
import { buildRunReport } from '../../apply/run-report.js';
import { createSavedPlan, writeSavedPlan } from '../../apply/saved-plan.js';
import { extractDesired } from '../../apply/cli-inputs.js';
import { resolvePlanTarget } from '../../apply/resolve-plan-target.js';
import {
  resolveRunSettings,
  withRunOptions,
  type RunArgs,
  type RunSettings,
} from '../../config/run-options.js';
import { ExitCode, UsageError } from '../../errors.js';
import { plan } from '../../plan/index.js';
import { checkOutputPaths } from '../output-paths.js';
import { openStateStore } from '../../state/open-store.js';
import type { StateStore } from '../../state/store.js';
import { createOutput, type Output } from '../output.js';
import { reportOutputs, runReads } from '../run-paths.js';
import { createProgress } from '../progress.js';

interface PlanArgs extends RunArgs {
  'base-url'?: string;
  'client-id'?: string;
  'detailed-exitcode'?: boolean;
  'out-plan'?: string;
}

/** Offline: what `apply` would send, against the target's last applied snapshot. */
export const planCommand: CommandModule<object, PlanArgs> = {
  command: 'plan',
  describe: 'Show what apply would change (offline: compares with the last applied snapshot)',
  builder: (yargs) =>
    withRunOptions(yargs)
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
    const out = createOutput({ quiet: args.quiet === true });
    const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
    const store = await openStateStore(settings.stateDir);
    try {
      await planWithStore(args, settings, store, out);
    } finally {
      await store.close();
    }
  },
};

async function planWithStore(
  args: PlanArgs,
  settings: RunSettings,
  store: StateStore,
  out: Output,
): Promise<void> {
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
  const { menu, errors } = await extractDesired(settings, out, progress.sink).finally(progress.stop);
  const offline = await planOffline(plan, menu, target, store, {
    posUid: settings.posUid,
    mode: settings.mode,
    extractionErrors: errors,
    ...settings.guards,
  });
  const report = buildRunReport({
    command: 'plan',
    target: {
      ...(target ?? {}),
      ...(settings.targetName ? { name: settings.targetName } : {}),
      posUid: settings.posUid,
    },
    plan: offline.plan,
    applied: false,
    verification: null,
    attempts: 0,
    errors: [],
  });
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
  if (offline.plan.blocked) process.exitCode = ExitCode.blocked;
  else if (args['detailed-exitcode'] && offline.plan.mode !== 'none') process.exitCode = ExitCode.changes;
  else process.exitCode = ExitCode.ok;
}
