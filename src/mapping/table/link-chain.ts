import type { TableSource } from '../../extract/types.js';
import type { DataIssue } from '../../model/data-issue.js';
import type { MoneyRules } from '../../model/money.js';
import type { LinkChainSpec } from '../table-schema.js';
import { CompileContext, type CompiledValue } from './compile-context.js';
import { compileValue } from './compile-value.js';
import { reportDuplicateHeaders } from './duplicate-headers.js';
import { cellText as text, forEachSideRow, NO_CONTEXT } from './side-table-rows.js';

// Relations kept in link tables (GrabFood's workbook: `Linked Dish` ItemID -> GroupID, `Linked
// Options` GroupID -> OptionID). Each hop is one table read once into a map from key to keys, so
// following a chain costs what it reaches, never a scan. A link that leads nowhere, or that nothing
// reaches, is a located problem at its row: a link is never dropped silently.

interface Link {
  from: string;
  to: string;
  row: number;
}

interface Hop {
  label: string;
  source: TableSource;
  ctx: CompileContext;
  fromColumn: string | undefined;
  toColumn: string | undefined;
  links: Link[];
  byFrom: Map<string, Link[]>;
}

export class LinkChain {
  /** Start keys asked for: a first-hop link whose `from` none of them is reached nothing. */
  private readonly asked = new Set<string>();

  private constructor(
    private readonly hops: Hop[],
    private readonly severity: DataIssue['severity'],
    /** Rows read from every link table, for the summary. */
    readonly rows: number,
  ) {}

  static async read(
    spec: LinkChainSpec,
    path: string,
    tables: ReadonlyMap<string, TableSource>,
    params: Readonly<Record<string, string | undefined>>,
    money: MoneyRules,
  ): Promise<LinkChain> {
    const hops: Hop[] = [];
    let rows = 0;
    for (const [i, hop] of spec.through.entries()) {
      const source = tables.get(hop.source);
      if (!source) continue; // an optional source given no input: no links
      const label = `${path}.through[${i}]`;
      const ctx = CompileContext.forSource(source, params, money);
      const from = compileValue(hop.from, ctx, `${label}.from`);
      const to = compileValue(hop.to, ctx, `${label}.to`);
      reportDuplicateHeaders(ctx);
      const read = await readLinks(source, ctx, from.fn, to.fn, label);
      rows += read.rows;
      hops.push({ label, source, ctx, fromColumn: from.column, toColumn: to.column, ...read });
    }
    const chain = new LinkChain(hops, spec.dangling ?? 'error', rows);
    chain.checkBetweenHops();
    return chain;
  }

  /** The keys the chain reaches from `key`, in link order, each once. */
  follow(key: string): string[] {
    this.asked.add(key);
    let keys = [key];
    for (const hop of this.hops) {
      const next = new Set<string>();
      for (const k of keys) for (const link of hop.byFrom.get(k) ?? []) next.add(link.to);
      keys = [...next];
    }
    return keys;
  }

  /**
   * The problems of every link table: links whose start no record asked for, and last-hop links
   * naming no known target (`targets`; undefined when the targets are not known by key).
   */
  finish(startWhat: string, targets: ReadonlySet<string> | undefined, targetWhat: string): DataIssue[] {
    const first = this.hops[0];
    const last = this.hops.at(-1);
    if (first)
      for (const link of first.links)
        if (!this.asked.has(link.from))
          this.dangling(
            first,
            link,
            first.fromColumn,
            `names ${startWhat} "${link.from}" that the export lacks`,
          );
    if (last && targets)
      for (const link of last.links)
        if (!targets.has(link.to))
          this.dangling(last, link, last.toColumn, `names ${targetWhat} "${link.to}" that the export lacks`);
    return this.hops.flatMap((hop) => [...hop.source.issues, ...hop.ctx.issues]);
  }

  /** A hop's `to` that the next hop never starts from, and a `from` the previous hop never reaches. */
  private checkBetweenHops(): void {
    for (let i = 0; i + 1 < this.hops.length; i++) {
      const hop = this.hops[i] as Hop;
      const next = this.hops[i + 1] as Hop;
      const reached = new Set(hop.links.map((l) => l.to));
      for (const link of hop.links)
        if (!next.byFrom.has(link.to))
          this.dangling(
            hop,
            link,
            hop.toColumn,
            `leads to "${link.to}", which no row of ${next.label} starts from`,
          );
      for (const link of next.links)
        if (!reached.has(link.from))
          this.dangling(
            next,
            link,
            next.fromColumn,
            `starts from "${link.from}", which no row of ${hop.label} leads to`,
          );
    }
  }

  private dangling(hop: Hop, link: Link, column: string | undefined, why: string): void {
    hop.ctx.cursor.row = link.row;
    hop.ctx.rowIssue(
      'unknown-reference',
      this.severity,
      `${hop.label}: the link ${why}: it links nothing`,
      column,
    );
  }
}

async function readLinks(
  source: TableSource,
  ctx: CompileContext,
  from: CompiledValue,
  to: CompiledValue,
  label: string,
): Promise<{ links: Link[]; byFrom: Map<string, Link[]>; rows: number }> {
  const links: Link[] = [];
  const byFrom = new Map<string, Link[]>();
  const seen = new Set<string>();
  const rows = await forEachSideRow(source, ctx, (cells, row) => {
    const a = text(from(cells, NO_CONTEXT));
    const b = text(to(cells, NO_CONTEXT));
    if (a === undefined || b === undefined) {
      ctx.rowIssue(
        'missing-value',
        'error',
        `${label}: ${a === undefined ? 'from' : 'to'} is empty: link left out`,
      );
      return;
    }
    // The same pair twice links once; saying so keeps a copied row from passing unnoticed.
    const pair = `${a}\u0000${b}`;
    if (seen.has(pair)) {
      ctx.rowIssue(
        'duplicate-ext-id',
        'warning',
        `${label}: the link "${a}" -> "${b}" is given again: counted once`,
      );
      return;
    }
    seen.add(pair);
    const link = { from: a, to: b, row: row };
    links.push(link);
    const list = byFrom.get(a);
    if (list) list.push(link);
    else byFrom.set(a, [link]);
  });
  return { links, byFrom, rows };
}
