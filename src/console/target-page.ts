import type { LoadedConfig } from '../config/load-config.js';
import { configTarget } from '../config/load-config.js';
import type { HistoryEntry } from '../history/list-history.js';
import type { FleetRow } from './fleet-index.js';
import { html, join, outcomeClass, page, when, type PageChrome, type SafeHtml } from './page-html.js';

/** The path of a run's page and of its stored report, under a target's page. */
export const runHref = (name: string, runId: string) =>
  `/t/${encodeURIComponent(name)}/runs/${encodeURIComponent(runId)}`;

/** A target: where its state is, the export and mapping it syncs, and its history, newest first. */
export function renderTargetPage(
  chrome: PageChrome,
  row: FleetRow,
  history: readonly HistoryEntry[],
  loaded: LoadedConfig | null,
): string {
  const menu = row.target
    ? html`<p class="muted">${row.target.baseUrl} · client ${row.target.clientId}</p>`
    : html`<p class="muted">
        The config leaves this target's menu to flags: the console cannot find its state.
      </p>`;
  const body = html`<h1>${row.name}</h1>
    ${menu}
    ${row.uncertain ? html`<p class="bad">Uncertain: the platform may hold a menu the state does not know (a run ended mid-import).</p>` : html``}
    ${sources(row, loaded)}
    <h2>History</h2>
    ${history.length === 0 ? html`<p class="muted">No runs kept.</p>` : historyTable(row.name, history)}`;
  return page(chrome, body);
}

function sources(row: FleetRow, loaded: LoadedConfig | null): SafeHtml {
  if (!loaded) return html``;
  const config = configTarget(loaded, row.name);
  const inputs = config.inputs ?? [];
  return html`<div class="box">
    <strong>Mapping</strong> ${config.mapping ?? '–'}<br /><strong>Export files</strong> ${
      inputs.length ? inputs.join(', ') : '–'
    }${row.nextScheduled ? html`<br /><strong>Next run</strong> ${when(row.nextScheduled)}` : html``}
  </div>`;
}

function historyTable(name: string, history: readonly HistoryEntry[]): SafeHtml {
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
            <td><a href="${runHref(name, entry.runId)}">${when(entry.startedAt)}</a></td>
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
