import { sameMenu } from '../state/target.js';
import type { MenusyncConfig } from './schema.js';

/** A problem with the targets of a config file, at the config path it concerns. */
export interface MenuConflict {
  at: string[];
  message: string;
}

/**
 * The platform keeps one menu per base URL and client id: a replace from one target sets the
 * whole menu, so a second target of the same client silently undoes the first. Two such
 * targets are refused unless both say they are one menu (the same `menu: NAME`); a `menu` name
 * shared by targets of different clients is refused too. Only targets whose base_url and client_id
 * are both in the file are compared: the ones that take them from flags or the environment are
 * decided per run.
 */
export function findMenuConflicts(config: MenusyncConfig): MenuConflict[] {
  const targets = Object.entries(config.targets).flatMap(([name, target]) =>
    target.base_url && target.client_id
      ? [{ name, baseUrl: target.base_url, clientId: target.client_id, menu: target.menu }]
      : [],
  );
  const conflicts: MenuConflict[] = [];
  for (const [index, b] of targets.entries()) {
    for (const a of targets.slice(0, index)) {
      const same = sameMenu(a, b);
      if (same && (a.menu === undefined || a.menu !== b.menu)) {
        conflicts.push({
          at: ['targets', b.name, 'client_id'],
          message: `targets "${a.name}" and "${b.name}" write the same platform menu (client ${b.clientId} at ${b.baseUrl}), where a replace by one removes what the other sent; ${shareHint(a, b)}`,
        });
      } else if (!same && a.menu !== undefined && a.menu === b.menu) {
        conflicts.push({
          at: ['targets', b.name, 'menu'],
          message: `targets "${a.name}" and "${b.name}" both say menu: ${a.menu}, but name different clients (${a.clientId} at ${a.baseUrl}, ${b.clientId} at ${b.baseUrl})`,
        });
      }
    }
  }
  return conflicts;
}

function shareHint(a: { name: string; menu?: string }, b: { name: string; menu?: string }): string {
  if (a.menu !== undefined && b.menu !== undefined) return `they name different menus (${a.menu}, ${b.menu})`;
  const named = a.menu !== undefined ? a : b.menu !== undefined ? b : undefined;
  if (named) {
    const other = named === a ? b : a;
    return `only "${named.name}" says menu: ${named.menu}; give "${other.name}" the same if they are meant to share it`;
  }
  return 'if they are meant to share it, give both the same "menu: NAME"';
}
