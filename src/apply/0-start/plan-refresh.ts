import { hasSecret, platformOptions } from '../../config/settings/platform-options.js';
import { readLiveMenu } from '../1-read/refresh.js';
import type { RunSettings } from '../../config/settings/types.js';
import { MenusyncError } from '../../errors.js';
import type { LiveMenu } from '../../plan/live/live-menu.js';
import { createPlatformClient } from '../../platform/index.js';
import { countOf } from '../../plural.js';
import type { Target } from '../../state/target.js';
import type { Output } from '../../output.js';
import { retryNotice } from './retry-notice.js';

/** The live menu a plan is made against, or why it was not read (`offline`). */
export type PlanRefresh = { live: LiveMenu } | { offline: string };

/**
 * `plan` reads the live menu whenever the target and its credentials are known; else (or with
 * --offline) it plans against the local snapshot alone, and says so before anything else of the
 * plan. Without a client secret it stays offline: plan has never needed one.
 */
export async function refreshForPlan(
  args: { offline?: boolean },
  settings: RunSettings,
  target: Target | null,
  out: Output,
  signal?: AbortSignal,
): Promise<PlanRefresh> {
  const { names } = settings;
  const offline = (reason: string): PlanRefresh => {
    out.warn(`offline: planning against the local snapshot only (${reason}); the live menu is not read`);
    return { offline: reason };
  };
  if (args.offline) return offline(names.offline);
  if (!target) return offline('no target known');
  if (!hasSecret(settings.connection)) {
    return offline(
      `no client secret: set MENUSYNC_CLIENT_SECRET or pass ${names.clientSecret} to read the live menu`,
    );
  }
  // The target may be the only one the state holds, not one the settings name.
  const connection = platformOptions(
    { ...settings.connection, baseUrl: target.baseUrl, clientId: target.clientId },
    names,
  );
  const client = createPlatformClient({
    ...connection,
    log: (m) => out.debug(m),
    notice: retryNotice(out),
    signal,
  });
  const live = await readLiveMenu(client).catch((error: unknown) => {
    // Planning blind is the user's call, not a silent fallback.
    if (error instanceof MenusyncError && !error.hint)
      error.hint = `the live menu could not be read; pass ${names.offline} to plan against the local snapshot only`;
    throw error;
  });
  out.info(
    `refresh: the live menu holds ${countOf(live.categories.length, 'category', 'categories')} and ${countOf(live.products, 'product')}`,
  );
  return { live };
}
