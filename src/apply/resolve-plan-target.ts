import type { Output } from '../cli/output.js';
import type { RunSettings } from '../config/run-options.js';
import { listStateTargets } from '../state/target-identity.js';
import type { Target } from '../state/target.js';
import { countOf } from '../plural.js';
import { planTarget } from './cli-inputs.js';

interface PlanTargetArgs {
  target?: string;
  'base-url'?: string;
  'client-id'?: string;
  'pos-uid'?: string;
}

/**
 * The target `plan` compares with, said before anything else is printed: flags, then the config
 * target (the only one of the config file counts, settings.targetName), then the environment; else
 * the only target the state folder holds. Without any, every entity of the menu reads as an
 * addition, so the first line says why.
 */
export async function resolvePlanTarget(
  args: PlanTargetArgs,
  settings: RunSettings,
  out: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Target | null> {
  const given = planTarget(args, settings, env);
  if (given) {
    if (settings.targetName && !args.target)
      out.info(`target: ${settings.targetName} (the only target of the config file)`);
    return given;
  }
  const { known, unknown } = await listStateTargets(settings.stateDir);
  // A partly given target (only --base-url, or --pos-uid) must agree with the one found.
  const baseUrl = args['base-url'] ?? settings.config.base_url ?? env.MENUSYNC_BASE_URL;
  const clientId = args['client-id'] ?? settings.config.client_id ?? env.MENUSYNC_CLIENT_ID;
  const fits = known.filter(
    (t) =>
      (baseUrl === undefined || t.baseUrl === baseUrl) &&
      (clientId === undefined || t.clientId === clientId) &&
      t.posUid === settings.posUid,
  );
  const sole = fits.length === 1 && known.length === 1 && unknown.length === 0 ? fits[0] : undefined;
  if (sole) {
    out.info(
      `target: ${sole.baseUrl}, client ${sole.clientId}, pos ${sole.posUid} (the only target in ${settings.stateDir})`,
    );
    return { ...(settings.targetName ? { name: settings.targetName } : {}), ...sole };
  }
  out.warn(
    `no target known (${noTargetReason(known.length, unknown.length, settings.stateDir)}; pass --target, or --base-url and --client-id): planning as for a first apply, every entity is an addition`,
  );
  return null;
}

function noTargetReason(known: number, unknown: number, stateDir: string): string {
  if (known + unknown === 0) return `no earlier apply in ${stateDir}`;
  if (known === 0 && unknown === 1)
    return `the target folder in ${stateDir} has no target.json (written by an older menusync)`;
  if (known + unknown === 1) return `the only target in ${stateDir} is not the one given`;
  return `${stateDir} holds ${countOf(known + unknown, 'target')}`;
}
