import { emitReport } from '../present.js';
import { runEvent } from '../../notify/run-event.js';
import { createRunLog, stampedSummary } from '../run-log.js';
import { runPlanTarget } from '../../apply/0-start/plan-target.js';
import { createSavedPlan, writeSavedPlan } from '../../apply/1-read/saved-plan.js';
import { resolvePlanTarget } from '../../apply/0-start/resolve-plan-target.js';
import { resolveRunSettings } from '../setting-flags.js';
import type { RunArgs } from '../run-args.js';
import type { RunSettings } from '../../config/settings/types.js';
import { UsageError } from '../../errors.js';
import { openStateStore } from '../../state/open-store.js';
import type { StateStore } from '../../state/store.js';
import { checkOutputPaths } from '../output-paths.js';
import { createOutput } from '../output.js';
import { reportOutputs, runReads } from '../run-paths.js';
import { createProgress } from '../progress.js';
import { runFleetCommand } from '../fleet-command.js';
import { isFleetRun, type FleetArgs } from '../fleet-options.js';
import type { ApplyConnectionArgs } from '../connection-options.js';
import { liveFingerprint } from '../../plan/live/live-menu.js';
import { refreshForPlan } from '../../apply/0-start/plan-refresh.js';

export type PlanArgs = RunArgs &
  FleetArgs &
  ApplyConnectionArgs & {
    'detailed-exitcode'?: boolean;
    'out-plan'?: string;
    offline?: boolean;
  };

/** The plan of one target, or of a fleet with --targets/--all. */
export async function runPlan(args: PlanArgs): Promise<void> {
  if (args['log-format'] === 'json') args.quiet = true;
  if (isFleetRun(args)) return runFleetCommand('plan', args);
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true, fleet: true });
  const store = await openStateStore(settings.stateDir);
  try {
    await planOne(args, settings, store);
  } finally {
    await store.close();
  }
}

/** One target's plan, printed and written as the command does; the exit code set on the process. */
async function planOne(args: PlanArgs, settings: RunSettings, store: StateStore): Promise<void> {
  const out = createOutput({ quiet: args.quiet === true });
  const log = createRunLog(args['log-format']);
  log.start('plan', settings.targetName ?? 'unnamed target');
  // Said (and checked) before the output paths, as the first line of the run.
  const target = await resolvePlanTarget(settings, store, out);
  if (args['out-plan'] && !target)
    throw new UsageError('--out-plan needs a target: --target, or --base-url and --client-id');
  await checkOutputPaths(reportOutputs(args, { '--out-plan': args['out-plan'] }), {
    // The secret file too: a plan reads it to read the live menu.
    inputs: runReads(args, settings, {
      '--client-secret-file': settings.connection.clientSecretFile,
    }),
    ...(store.kind === 'local' ? { stateDir: store.location } : {}),
  });
  // Absolute, or the URL without its password: a relative --state says where it really is.
  out.info(`state: ${store.location}`);
  // Said before the extract's lines: an offline plan must not read as one made against the platform.
  const refresh = await refreshForPlan(args, settings, target, out);
  const progress = createProgress({ quiet: args.quiet === true, json: args.json === true });
  const detailed = args['detailed-exitcode'] === true ? { detailedExitCode: true } : {};
  const result = await runPlanTarget(settings, detailed, {
    store,
    out,
    progress: progress.sink,
    extracted: progress.stop,
    known: target,
    refresh,
  });
  if (result.error !== undefined || !result.report || !result.offline || !result.menu) throw result.error;
  const { report, offline, menu } = result;
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
      '--out-plan',
    );
    out.info(`plan saved to ${args['out-plan']}`);
  }
  // Cron reads only this: a blocked plan must say why (which guard, which numbers), not just that it is blocked.
  if (args.quiet && !log.json) out.error(stampedSummary(report));
  log.end(runEvent({ command: 'plan', name: settings.targetName, report, exit: result.exit }));
  process.exitCode = result.exit;
}
