// A page may publish several JSON-LD blocks (the Restaurant, its Menu, a BreadcrumbList...). One
// block is the document as it is, so paths read as in a .json file of the same block. Several are
// one `{"@graph": [...]}` of their nodes, as JSON-LD itself joins nodes: a block holding a list or
// its own `@graph` gives its nodes, so a Menu is at `$['@graph'][n]` however the page wrote it.

interface ParsedBlock {
  document: unknown;
  /** Inexact numbers by the block's own JSON paths (json/inexact-numbers.ts). */
  inexact: Map<string, string>;
}

export function joinBlocks(blocks: readonly ParsedBlock[]): {
  document: unknown;
  inexactNumbers: Map<string, string>;
} {
  const [only] = blocks;
  if (blocks.length === 1 && only) return { document: only.document, inexactNumbers: only.inexact };
  const graph: unknown[] = [];
  const inexactNumbers = new Map<string, string>();
  for (const block of blocks) {
    const { nodes, prefix } = nodesOf(block.document);
    const base = graph.length;
    for (const node of nodes) graph.push(node);
    // Each number moves with its node: `$[2].price` of a list block is `$['@graph'][base + 2].price`.
    for (const [path, text] of block.inexact) {
      const match = prefix.exec(path);
      if (!match) continue;
      const index = base + Number(match[1] ?? 0);
      inexactNumbers.set(`$['@graph'][${index}]${path.slice(match[0].length)}`, text);
    }
  }
  return { document: { '@graph': graph }, inexactNumbers };
}

/** The block's nodes and the start of their paths in the block (the node's index captured). */
function nodesOf(document: unknown): { nodes: unknown[]; prefix: RegExp } {
  if (Array.isArray(document)) return { nodes: document, prefix: /^\$\[(\d+)\]/ };
  const graph = (document as { '@graph'?: unknown } | null)?.['@graph'];
  if (typeof document === 'object' && document !== null && Array.isArray(graph))
    return { nodes: graph, prefix: /^\$\['@graph'\]\[(\d+)\]/ };
  return { nodes: [document], prefix: /^\$/ };
}
