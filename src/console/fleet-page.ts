import type { FleetRow } from './fleet-index.js';
import type { DriftSummary } from './run-summary.js';
import { html, join, outcomeClass, page, when, type PageChrome, type SafeHtml } from './page-html.js';

export const PAGE_SIZE = 50;

/** What the fleet page is asked for: its query string, read leniently (a bad value is ignored). */
export interface FleetQuery {
  search: string;
  tag: string;
  outcome: string;
  /** `drifted`: targets whose last run found the live menu changed outside menusync; `clean`: found none. */
  drift: string;
  page: number;
}

export function fleetQuery(params: URLSearchParams): FleetQuery {
  const page = Number(params.get('page') ?? '1');
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    tag: (params.get('tag') ?? '').slice(0, 100),
    outcome: (params.get('outcome') ?? '').slice(0, 20),
    drift: (params.get('drift') ?? '').slice(0, 20),
    // A huge or odd page number is the last page, not an error or an empty loop.
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** Blocked and failed targets first: they are what a person must look at. */
function urgency(row: FleetRow): number {
  const outcome = row.lastRun?.outcome;
  if (outcome === 'failed' || outcome === 'uncertain' || row.uncertain) return 0;
  if (outcome === 'blocked') return 1;
  if (outcome === 'cancelled') return 2;
  return 3;
}

/** The rows the query selects, in the page's order, and the page of them asked for. */
export function selectRows(
  rows: readonly FleetRow[],
  query: FleetQuery,
): { shown: FleetRow[]; total: number; page: number; pages: number } {
  const search = query.search.toLowerCase();
  const selected = rows.filter(
    (row) =>
      (!search || row.name.toLowerCase().includes(search)) &&
      (!query.tag || row.tags.includes(query.tag)) &&
      (!query.outcome || (row.lastRun?.outcome ?? 'never') === query.outcome) &&
      (!query.drift || driftState(row) === query.drift),
  );
  selected.sort((a, b) => urgency(a) - urgency(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const pages = Math.max(1, Math.ceil(selected.length / PAGE_SIZE));
  const pageNo = Math.min(query.page, pages);
  const start = (pageNo - 1) * PAGE_SIZE;
  return { shown: selected.slice(start, start + PAGE_SIZE), total: selected.length, page: pageNo, pages };
}

/** A row's drift as the filter names it: `unknown` when its last run did not read the live menu. */
function driftState(row: FleetRow): string {
  const drift = row.lastRun?.drift;
  return drift ? (drift.count > 0 ? 'drifted' : 'clean') : 'unknown';
}

const OUTCOMES = ['', 'failed', 'blocked', 'applied', 'none', 'cancelled', 'uncertain', 'never'];
const DRIFTS: [string, string][] = [
  ['', 'drift or not'],
  ['drifted', 'drifted'],
  ['clean', 'no drift'],
  ['unknown', 'drift not read'],
];

export function renderFleetPage(
  chrome: PageChrome,
  rows: readonly FleetRow[],
  query: FleetQuery,
  builtAt: Date,
): string {
  const { shown, total, page: pageNo, pages } = selectRows(rows, query);
  const tags = [...new Set(rows.flatMap((row) => row.tags))].sort();
  const option = (value: string, chosen: string, label: string) =>
    value === chosen
      ? html`<option value="${value}" selected>${label}</option>`
      : html`<option value="${value}">${label}</option>`;
  const filters = html`<form class="filters" method="get" action="${chrome.base}/">
    <input
      type="search"
      name="q"
      value="${query.search}"
      placeholder="Search by name"
      aria-label="Search by name"
    />
    <select name="outcome" aria-label="Outcome">
      ${join(OUTCOMES.map((o) => option(o, query.outcome, o || 'any outcome')))}
    </select>
    <select name="drift" aria-label="Drift">
      ${join(DRIFTS.map(([value, label]) => option(value, query.drift, label)))}
    </select>
    <select name="tag" aria-label="Tag">
      ${join(['', ...tags].map((t) => option(t, query.tag, t || 'any tag')))}
    </select>
    <button type="submit">Filter</button>
  </form>`;
  const link = (n: number) => {
    const params = new URLSearchParams({
      q: query.search,
      tag: query.tag,
      outcome: query.outcome,
      drift: query.drift,
      page: String(n),
    });
    return `${chrome.base}/?${params}`;
  };
  const nav = html`<nav class="pages">
    ${pageNo > 1 ? html`<a href="${link(pageNo - 1)}">← Previous</a>` : html``}<span
      >Page ${pageNo} of ${pages}</span
    >${pageNo < pages ? html`<a href="${link(pageNo + 1)}">Next →</a>` : html``}
  </nav>`;
  const body = html`<h1>Fleet</h1>
    <p class="muted">${total} of ${rows.length} targets · as of ${when(builtAt.toISOString())}</p>
    ${filters}
    <table>
      <thead>
        <tr>
          <th>Target</th>
          <th>Last run</th>
          <th class="wide">Mode</th>
          <th class="wide">+ / ~ / −</th>
          <th>Drift</th>
          <th>When</th>
          <th class="wide">Worker</th>
          <th class="wide">Next</th>
        </tr>
      </thead>
      <tbody>
        ${join(shown.map((row) => fleetLine(chrome.base, row)))}
      </tbody>
    </table>
    ${nav}`;
  return page(chrome, body);
}

function fleetLine(base: string, row: FleetRow): SafeHtml {
  const run = row.lastRun;
  const outcome = row.uncertain && run?.outcome !== 'failed' ? 'uncertain' : (run?.outcome ?? 'never run');
  const counts = run ? changes(run.counts) : '–';
  const current = row.current ? html` <span class="muted">(${row.current.state})</span>` : html``;
  return html`<tr>
    <td>
      <a href="${base}/t/${encodeURIComponent(row.name)}">${row.name}</a
      >${row.enabled ? html`` : html` <span class="muted">paused</span>`}${
        row.tags.length ? html`<br /><span class="muted">${row.tags.join(', ')}</span>` : html``
      }
    </td>
    <td class="${outcomeClass(outcome)}">${outcome}${current}</td>
    <td class="wide">${run?.mode ?? '–'}</td>
    <td class="wide">${counts}</td>
    ${driftCell(run?.drift ?? null)}
    <td>${when(run?.finishedAt ?? run?.startedAt)}</td>
    <td class="wide">${run?.worker ?? row.current?.worker ?? '–'}</td>
    <td class="wide">${when(row.nextScheduled)}</td>
  </tr>`;
}

/** How many changes the last run found made outside menusync; `–` when it did not read the live menu. */
function driftCell(drift: DriftSummary | null): SafeHtml {
  if (!drift) return html`<td class="muted">–</td>`;
  if (drift.count === 0) return html`<td class="good">none</td>`;
  return html`<td class="warn">${drift.count} ${drift.count === 1 ? 'change' : 'changes'}</td>`;
}

/** Products added / changed / removed: what a person asks first about a run. */
export function changes(counts: { products: { add: number; update: number; remove: number } }): string {
  const p = counts.products;
  return `+${p.add} / ~${p.update} / −${p.remove}`;
}
