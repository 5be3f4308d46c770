import type { PathMatch } from './scope.js';

// `..` (recursive descent). Every node below a match is visited once, parents before children and
// members in document order, so `$.menus[*]..groups[*]` lists a group, then the groups inside it,
// then its next sibling: the order a reader of the export sees. Array elements enter records (as
// `[*]` does), so a nested group's `^` is the group that holds it.

/** The node of `m` and every node below it, in document (pre-)order. */
export function descendants(m: PathMatch): PathMatch[] {
  const out: PathMatch[] = [];
  // An explicit stack: a deeply nested export must not overflow the call stack.
  const stack: PathMatch[] = [m];
  while (stack.length > 0) {
    const node = stack.pop() as PathMatch;
    out.push(node);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as PathMatch);
  }
  return out;
}

function childrenOf(node: PathMatch): PathMatch[] {
  const value = node.value;
  if (Array.isArray(value)) {
    return value.map((element: unknown, i) => {
      const path = `${node.path}[${i}]`;
      return { value: element, path, scope: { value: element, path, key: i, parent: node.scope } };
    });
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).map(([name, member]) => ({
    value: member,
    path: memberPath(node.path, name),
    scope: node.scope,
  }));
}

/** `$.a.b` for plain names, `$.a['odd key']` otherwise (the form issue locations use). */
export function memberPath(base: string, name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `${base}.${name}` : `${base}['${name}']`;
}

/**
 * Puts matches reached after a `..` back in document order: the steps after `..` run node by node,
 * so `..groups[*]` would otherwise list every outer group before any inner one. `order` numbers
 * the visited nodes by path; a match outside them (after a `^`) keeps its place at the end.
 */
export function inDocumentOrder(matches: PathMatch[], visited: readonly PathMatch[]): PathMatch[] {
  if (matches.length < 2) return matches;
  const order = new Map<string, number>();
  visited.forEach((node, i) => {
    if (!order.has(node.path)) order.set(node.path, i);
  });
  // Buckets by visit number rather than a sort: linear in the size of the subtree.
  const buckets: PathMatch[][] = [];
  const outside: PathMatch[] = [];
  for (const m of matches) {
    const at = order.get(m.path);
    if (at === undefined) outside.push(m);
    else (buckets[at] ??= []).push(m);
  }
  const out: PathMatch[] = [];
  for (const bucket of buckets) if (bucket) out.push(...bucket);
  out.push(...outside);
  return out;
}
