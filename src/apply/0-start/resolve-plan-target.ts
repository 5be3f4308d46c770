import type { Output } from '../../output.js';
import type { RunSettings } from '../../config/settings/types.js';
import type { StateStore, StoredTarget } from '../../state/store.js';
import { normalizeBaseUrl } from '../../platform/menu-address.js';
import { sameMenu, type Target } from '../../state/target.js';
import { countOf } from '../../plural.js';
import { planTarget } from './desired-menu.js';

/**
 * The target `plan` compares with, said before anything else is printed: flags, then the config
 * target (the only one of the config file counts, settings.targetName), then the environment; else
 * the only target the state holds (its pos_uid is this run's: it is not part of the state's key).
 * Without any, every entity of the menu reads as an addition, so the first line says why.
 */
export async function resolvePlanTarget(
  settings: RunSettings,
  store: StateStore,
  out: Output,
): Promise<Target | null> {
  const found = await chooseTarget(settings, store, out);
  if (!Array.isArray(found)) return found;
  const known = found.filter((t) => t.target).length;
  out.warn(
    `no target known (${noTargetReason(known, found.length - known, store.location)}; pass ${howToName(settings)}): planning as for a first apply, every entity is an addition`,
  );
  return null;
}

/**
 * The target of a command that works on one (plan, history, rollback): flags, then the config
 * target (the only one of the config file counts, settings.targetName), then the environment; else
 * the only target the store holds (its pos_uid is this run's: it is not part of the state's key).
 * Said on the first line. Without one: what the store holds, for the caller to say why.
 */
export async function chooseTarget(
  settings: RunSettings,
  store: StateStore,
  out: Output,
): Promise<Target | StoredTarget[]> {
  const given = planTarget(settings);
  if (given) {
    if (settings.soleTarget) out.info(`target: ${settings.targetName} (the only target of the config file)`);
    return given;
  }
  const stored = await store.listTargets();
  const known = stored.flatMap((t) => (t.target ? [t.target] : []));
  // A partly given target (only --base-url, say) must agree with the one found; an empty variable is none.
  const { baseUrl, clientId } = settings.connection;
  const fits = known.filter((t) =>
    sameMenu(t, { baseUrl: baseUrl ?? t.baseUrl, clientId: clientId ?? t.clientId }),
  );
  const sole = fits.length === 1 && stored.length === 1 ? fits[0] : undefined;
  if (!sole) return stored;
  out.info(
    `target: ${sole.baseUrl}, client ${sole.clientId}, pos ${settings.posUid} (the only target in ${store.location})`,
  );
  return {
    ...(settings.targetName ? { name: settings.targetName } : {}),
    // As target.json of an older version spelled it: normalised like every other base URL.
    baseUrl: normalizeBaseUrl(sole.baseUrl),
    clientId: sole.clientId,
    posUid: settings.posUid,
  };
}

/** How the caller names a target: `--target, or --base-url and --client-id` on the command line. */
export function howToName(settings: RunSettings): string {
  const { names } = settings;
  return `${names.target}, or ${names.baseUrl} and ${names.clientId}`;
}

function noTargetReason(known: number, unknown: number, location: string): string {
  if (known + unknown === 0) return `no earlier apply in ${location}`;
  if (known === 0 && unknown === 1)
    return `the target folder in ${location} has no target.json (written by an older menusync)`;
  if (known + unknown === 1) return `the only target in ${location} is not the one given`;
  return `${location} holds ${countOf(known + unknown, 'target')}`;
}
