import type { PlanEntry } from '../plan/types.js';

/**
 * The changed entries grouped under their category or product, for nested display. Grouping is
 * presentation only: every node is an entry of the plan, and unchanged parents are shown (as
 * context) only when something under them changed.
 */
export interface OptionNode {
  entry: PlanEntry | undefined;
  ext_id: string;
  values: PlanEntry[];
}

export interface RootNode {
  entry: PlanEntry | undefined;
  kind: 'category' | 'product';
  ext_id: string;
  options: OptionNode[];
}

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const key = (...parts: string[]): string => parts.join('\u0000');

export function changeTree(entries: readonly PlanEntry[]): RootNode[] {
  const rootEntries = new Map<string, PlanEntry>();
  const optionEntries = new Map<string, PlanEntry>();
  for (const e of entries) {
    if (e.kind === 'category' || e.kind === 'product') rootEntries.set(key(e.kind, e.ext_id), e);
    else if (e.kind === 'option')
      optionEntries.set(key(e.parentKind ?? 'product', ...e.parents, e.ext_id), e);
  }

  const roots = new Map<string, RootNode>();
  const options = new Map<string, OptionNode>();
  const rootOf = (kind: 'category' | 'product', extId: string): RootNode => {
    const k = key(kind, extId);
    let node = roots.get(k);
    if (!node) {
      node = { entry: rootEntries.get(k), kind, ext_id: extId, options: [] };
      roots.set(k, node);
    }
    return node;
  };
  const optionOf = (parentKind: 'category' | 'product', parent: string, extId: string): OptionNode => {
    const k = key(parentKind, parent, extId);
    let node = options.get(k);
    if (!node) {
      node = { entry: optionEntries.get(k), ext_id: extId, values: [] };
      options.set(k, node);
      rootOf(parentKind, parent).options.push(node);
    }
    return node;
  };

  for (const e of entries) {
    if (e.action === 'keep') continue;
    const parentKind = e.parentKind ?? 'product';
    const [parent = '', option = ''] = e.parents;
    if (e.kind === 'category' || e.kind === 'product') rootOf(e.kind, e.ext_id);
    else if (e.kind === 'option') optionOf(parentKind, parent, e.ext_id);
    else optionOf(parentKind, parent, option).values.push(e);
  }
  // Entries come sorted by kind first; show categories, then products, each by ext_id.
  const order = (n: RootNode) => (n.kind === 'category' ? 0 : 1);
  const sorted = [...roots.values()].sort((a, b) => order(a) - order(b) || byId(a.ext_id, b.ext_id));
  for (const root of sorted) root.options.sort((a, b) => byId(a.ext_id, b.ext_id));
  return sorted;
}
