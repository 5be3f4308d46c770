import { cronMatches, parseCron } from '../config/cron.js';
import type { MenusyncConfig } from '../config/schema.js';
import { UsageError } from '../errors.js';
import { targetKey } from '../state/target.js';

/** Which targets of the config a fleet run takes. */
export interface FleetSelection {
  all: boolean;
  /** --target, repeatable: these by name. */
  names: readonly string[];
  /** --tag, repeatable: targets that carry any of them. */
  tags: readonly string[];
  /** --due: only targets whose schedule fires in the current minute. */
  due?: Date;
}

/**
 * The selected target names, in config order. Names and tags add up (a union); --due narrows the
 * result. An unknown name or a tag no target carries is a usage error: a typo in a cron line must
 * not silently run nothing.
 */
export function selectTargets(config: MenusyncConfig, selection: FleetSelection): string[] {
  const targets = Object.entries(config.targets);
  const known = new Set(targets.map(([name]) => name));
  for (const name of selection.names) {
    if (!known.has(name))
      throw new UsageError(`no target "${name}" in the config; known targets: ${[...known].join(', ')}`);
  }
  for (const tag of selection.tags) {
    if (!targets.some(([, target]) => target.tags?.includes(tag)))
      throw new UsageError(`no target of the config has the tag "${tag}"`);
  }
  const wanted = new Set(selection.names);
  const chosen = targets.filter(
    ([name, target]) =>
      selection.all || wanted.has(name) || selection.tags.some((tag) => target.tags?.includes(tag)),
  );
  const due = selection.due;
  if (!due) return chosen.map(([name]) => name);
  return chosen
    .filter(
      ([, target]) =>
        target.schedule !== undefined && cronMatches(parseCron(target.schedule), due, target.timezone),
    )
    .map(([name]) => name);
}

/** What names a platform menu, as far as the config and environment tell before any secret is read. */
export interface MenuIdentity {
  name: string;
  baseUrl: string | undefined;
  clientId: string | undefined;
  posUid: string;
  /** The config's `menu: NAME`: targets that say the same one knowingly share a platform menu. */
  menu?: string | undefined;
}

/**
 * The platform keeps one menu per base URL and client id, so two targets of one fleet on the same
 * client share one state and one lock. The config refuses that unless both say the same `menu:`;
 * this also catches targets that take the client from the environment. Returns, for each target
 * that shares its menu, the key of that menu: the fleet runs those one after another (in parallel
 * the second would end "locked" by the first).
 */
export function checkDistinctMenus(menus: readonly MenuIdentity[]): Map<string, string> {
  const seen = new Map<string, MenuIdentity>();
  const shared = new Map<string, string>();
  for (const menu of menus) {
    if (menu.baseUrl === undefined || menu.clientId === undefined) continue;
    const key = targetKey({ baseUrl: menu.baseUrl, clientId: menu.clientId, posUid: menu.posUid });
    const other = seen.get(key);
    if (other === undefined) {
      seen.set(key, menu);
      continue;
    }
    if (other.menu === undefined || other.menu !== menu.menu)
      throw new UsageError(
        `targets "${other.name}" and "${menu.name}" name the same platform menu (client ${menu.clientId} at ${menu.baseUrl})`,
        {
          hint: 'give each its own client_id, or the same "menu: NAME" in the config if they are meant to share it',
        },
      );
    shared.set(other.name, key);
    shared.set(menu.name, key);
  }
  return shared;
}
