import type { LoadedConfig } from '../config/load-config.js';
import { configTarget } from '../config/load-config.js';
import type { HistoryEntry } from '../history/list-history.js';
import type { FleetRow } from './fleet-index.js';
import type { RunView } from './run-view.js';
import { html, join, outcomeClass, page, when, type PageChrome, type SafeHtml } from './page-html.js';

/** The path of a run's page and of its stored report, under a target's page. */
export const runHref = (base: string, name: string, runId: string) =>
  `${base}/t/${encodeURIComponent(name)}/runs/${encodeURIComponent(runId)}`;

/** A target: where its state is, the export and mapping it syncs, its drift, and its history, newest first. */
export function renderTargetPage(
  chrome: PageChrome,
  row: FleetRow,
  history: readonly HistoryEntry[],
  loaded: LoadedConfig | null,
  lastRun: RunView | null,
): string {
  const menu = row.target
    ? html`<p class="muted">${row.target.baseUrl} · client ${row.target.clientId}</p>`
    : html`<p class="muted">
        The config leaves this target's menu to flags: the console cannot find its state.
      </p>`;
  const body = html`<h1>${row.name}</h1>
    ${menu}
    ${row.uncertain ? html`<p class="bad">Uncertain: the platform may hold a menu the state does not know (a run ended mid-import).</p>` : html``}
    ${sources(row, loaded, lastRun?.inputs ?? null)} ${driftSection(chrome.base, row)}
    <h2>History</h2>
    ${history.length === 0 ? html`<p class="muted">No runs kept.</p>` : historyTable(chrome.base, row.name, history)}`;
  return page(chrome, body);
}

/** The mapping and export files the config names, the files the last run read, and the next run. */
function sources(row: FleetRow, loaded: LoadedConfig | null, read: RunView['inputs']): SafeHtml {
  const config = loaded ? configTarget(loaded, row.name) : null;
  const inputs = config?.inputs ?? [];
  const configured = config
    ? html`<strong>Mapping</strong> ${config.mapping ?? '–'}<br /><strong>Export files</strong> ${
          inputs.length ? inputs.join(', ') : '–'
        }<br />`
    : html``;
  const lastRead = read
    ? html`<strong>Read by the last run</strong> ${join(
          read.map(
            (input) => html`${input.file} <span class="muted">(modified ${when(input.modifiedAt)})</span>`,
          ),
          ', ',
        )}<br />`
    : html``;
  const next = html`<strong>Next run</strong> ${
      row.nextScheduled ? when(row.nextScheduled) : config ? 'no schedule' : 'no config given'
    }`;
  return html`<div class="box">${configured}${lastRead}${next}</div>`;
}

/** What the last run found changed on the live menu outside menusync since the last applied snapshot. */
function driftSection(base: string, row: FleetRow): SafeHtml {
  const run = row.lastRun;
  if (!run) return html``;
  const drift = run.drift;
  const href = runHref(base, row.name, run.runId);
  if (!drift)
    return html`<h2>Drift</h2>
      <p class="muted">The <a href="${href}">last run</a> did not read the live menu: drift unknown.</p>`;
  if (drift.count === 0)
    return html`<h2>Drift</h2>
      <p class="good">None: the <a href="${href}">last run</a> found the live menu as menusync left it.</p>`;
  const more = drift.count - drift.lines.length;
  return html`<h2>Drift</h2>
    <p class="warn">
      The <a href="${href}">last run</a> found ${drift.count} ${drift.count === 1 ? 'change' : 'changes'} made
      on the platform outside menusync since the last applied snapshot:
    </p>
    <ul>
      ${join(drift.lines.map((line) => html`<li>${line}</li>`))}
    </ul>
    ${more > 0 ? html`<p class="muted">${more} more in <a href="${href}/report">the run's report</a>.</p>` : html``}`;
}

function historyTable(base: string, name: string, history: readonly HistoryEntry[]): SafeHtml {
  return html`<table>
    <thead>
      <tr>
        <th>Run</th>
        <th>Outcome</th>
        <th class="wide">Mode</th>
        <th class="wide">+ / ~ / −</th>
        <th>Note</th>
      </tr>
    </thead>
    <tbody>
      ${join(
        history.map((entry) => {
          const c = entry.changes;
          return html`<tr>
            <td><a href="${runHref(base, name, entry.runId)}">${when(entry.startedAt)}</a></td>
            <td class="${outcomeClass(entry.outcome)}">
              ${entry.command === 'rollback' ? 'rollback ' : ''}${entry.outcome ?? '–'}
            </td>
            <td class="wide">${entry.mode ?? '–'}</td>
            <td class="wide">${c ? `+${c.added} / ~${c.changed} / −${c.removed}` : '–'}</td>
            <td>${entry.note ?? ''}</td>
          </tr>`;
        }),
      )}
    </tbody>
  </table>`;
}
