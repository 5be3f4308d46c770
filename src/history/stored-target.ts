import { planTarget } from '../apply/cli-inputs.js';
import type { Output } from '../cli/output.js';
import type { RunSettings } from '../config/run-options.js';
import { UsageError } from '../errors.js';
import type { StateStore, StoredTarget } from '../state/store.js';
import type { Target } from '../state/target.js';
import { countOf } from '../plural.js';

interface StoredTargetArgs {
  target?: string;
  'base-url'?: string;
  'client-id'?: string;
}

/**
 * The target `history` and `rollback` work on, chosen as `plan` chooses it: flags, then the config
 * target (the only one of the config file counts), then the environment; else the only target the
 * store holds. Asked of the store rather than a folder, so a PostgreSQL state works the same.
 * Unlike `plan`, no target is a usage error: there is no history of "no target".
 */
export async function resolveStoredTarget(
  args: StoredTargetArgs,
  settings: RunSettings,
  store: StateStore,
  out: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Target> {
  const given = planTarget(args, settings, env);
  if (given) {
    if (settings.targetName && !args.target)
      out.info(`target: ${settings.targetName} (the only target of the config file)`);
    return given;
  }
  const stored = await store.listTargets();
  // A partly given target (only --base-url, say) must agree with the one found; an empty variable is none.
  const baseUrl = args['base-url'] ?? settings.config.base_url ?? (env.MENUSYNC_BASE_URL || undefined);
  const clientId = args['client-id'] ?? settings.config.client_id ?? (env.MENUSYNC_CLIENT_ID || undefined);
  const known = stored.flatMap((entry) => (entry.target ? [entry.target] : []));
  const fits = known.filter(
    (t) =>
      (baseUrl === undefined || t.baseUrl === baseUrl) && (clientId === undefined || t.clientId === clientId),
  );
  const sole = stored.length === 1 ? fits[0] : undefined;
  if (sole) {
    out.info(
      `target: ${sole.baseUrl}, client ${sole.clientId}, pos ${settings.posUid} (the only target in ${store.location})`,
    );
    return {
      ...(settings.targetName ? { name: settings.targetName } : {}),
      baseUrl: sole.baseUrl,
      clientId: sole.clientId,
      posUid: settings.posUid,
    };
  }
  throw new UsageError(`which target? ${noTargetReason(stored, store.location)}`, {
    hint: 'pass --target (a config target), or --base-url and --client-id',
  });
}

function noTargetReason(stored: readonly StoredTarget[], location: string): string {
  if (stored.length === 0) return `${location} holds no target yet (no apply has run with this state)`;
  if (stored.length > 1) return `${location} holds ${countOf(stored.length, 'target')}`;
  return stored[0]!.target
    ? `the only target in ${location} is not the one given`
    : `the only target in ${location} does not record whose it is (written by an older menusync)`;
}
