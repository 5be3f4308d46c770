import type { CommandModule } from 'yargs';
import { summaryLine, emitReport } from '../../apply/present.js';
import { planOffline } from '../../apply/plan-offline.js';
import { buildRunReport } from '../../apply/run-report.js';
import { createSavedPlan, writeSavedPlan } from '../../apply/saved-plan.js';
import { extractDesired } from '../../apply/cli-inputs.js';
import type { ApplyConnectionArgs } from '../../apply/connection.js';
import { withConnectionOptions } from '../connection-options.js';
import { refreshForPlan } from '../plan-refresh.js';
import { liveFingerprint } from '../../plan/live/live-menu.js';
import { resolvePlanTarget } from '../../apply/resolve-plan-target.js';
import { resolveRunSettings, withRunOptions, type RunArgs } from '../../config/run-options.js';
import { ExitCode, UsageError } from '../../errors.js';
import { plan } from '../../plan/index.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput } from '../output.js';
import { reportOutputs, runReads } from '../run-paths.js';
import { createProgress } from '../progress.js';

type PlanArgs = RunArgs &
  ApplyConnectionArgs & {
    'detailed-exitcode'?: boolean;
    'out-plan'?: string;
    offline?: boolean;
  };

/** What `apply` would send: against the live menu when the target's credentials are known, else the snapshot. */
export const planCommand: CommandModule<object, PlanArgs> = {
  command: 'plan',
  describe: 'Show what apply would change (against the live menu, or the last applied snapshot offline)',
  builder: (yargs) =>
    withConnectionOptions(withRunOptions(yargs), { deferDefaults: true })
      .option('offline', {
        type: 'boolean',
        describe: 'Do not read the live menu: plan against the local snapshot only',
      })
      .option('detailed-exitcode', {
        type: 'boolean',
        describe: 'Exit 0 when nothing changes, 10 when something does (3 blocked, 2 invalid input)',
      })
      .option('out-plan', { type: 'string', describe: 'Save the plan to apply later with apply --plan' }),
  handler: async (args) => {
    const out = createOutput({ quiet: args.quiet === true });
    const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
    const target = await resolvePlanTarget(args, settings, out);
    if (args['out-plan'] && !target)
      throw new UsageError('--out-plan needs a target: --target, or --base-url and --client-id');
    await checkOutputPaths(reportOutputs(args, { '--out-plan': args['out-plan'] }), {
      inputs: runReads(args, settings),
      stateDir: settings.stateDir,
    });
    // Said before the extract's lines: an offline plan must not read as one made against the platform.
    const refresh = await refreshForPlan(args, settings, target, out);
    const progress = createProgress({ quiet: args.quiet === true, json: args.json === true });
    const { menu, errors } = await extractDesired(settings, out, progress.sink).finally(progress.stop);
    const offline = await planOffline(plan, menu, target, settings.stateDir, {
      posUid: settings.posUid,
      mode: settings.mode,
      extractionErrors: errors,
      ...settings.guards,
      ...refresh,
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
        createSavedPlan(
          offline.plan,
          menu,
          target,
          offline.baseline,
          new Date(),
          'live' in refresh ? liveFingerprint(refresh.live) : null,
        ),
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
  },
};
