import { cronMatches, parseCron } from '../config/cron.js';
import type { MenusyncConfig } from '../config/schema.js';
import { UsageError } from '../errors.js';

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
    .filter(([, target]) => target.schedule !== undefined && cronMatches(parseCron(target.schedule), due))
    .map(([name]) => name);
}
