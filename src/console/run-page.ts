import { decisionLine } from '../history/run-decision.js';
import { changes } from './fleet-page.js';
import { html, join, outcomeClass, when, type SafeHtml } from './page-html.js';
import { MAX_CHANGES_SHOWN, type RunView } from './run-view.js';

/** The decision forms: where they post and the hidden fields that bind them (CSRF, a link's claims). */
export interface DecisionForm {
  action: string;
  hidden: Record<string, string>;
  /** A manager's link asks for a name: the history records who decided. */
  askName: boolean;
}

/** A run's summary, guards and changes, with Approve / Reject when the viewer may decide. */
export function runSection(view: RunView, reportHref: string | null, form: DecisionForm | null): SafeHtml {
  const summary = view.summary;
  const head = summary
    ? html`<p>
        <span class="${outcomeClass(summary.outcome)}">${summary.outcome}</span> · ${summary.mode} · products
        ${changes(summary.counts)} · ${when(summary.finishedAt ?? summary.startedAt)}
      </p>`
    : html`<p class="muted">${view.note ?? 'no report'}</p>`;
  const guards = view.guards.length
    ? html`<h2>Blocked by</h2>
        ${join(
          view.guards.map(
            (guard) =>
              html`<div class="box">
                <strong>${guard.guard}</strong>: ${guard.message}<br /><span class="muted"
                  >${Object.entries(guard.numbers)
                    .map(([name, value]) => `${name} ${value}`)
                    .join(' · ')}</span
                >
              </div>`,
          ),
        )}`
    : html``;
  const decided = view.decision
    ? html`<p class="box"><strong>${decisionLine(view.decision)}</strong></p>`
    : html``;
  const report = reportHref ? html`<p><a href="${reportHref}">The run's full report</a></p>` : html``;
  return html`${head}${view.drift ? html`<p class="warn">Drift: ${view.drift} change(s) on the platform since the last sync</p>` : html``}${guards}${decided}${
    form && view.approvable && !view.decision ? decisionForms(form) : html``
  }${report}${changeTable(view)}`;
}

function decisionForms(form: DecisionForm): SafeHtml {
  const hidden = join(
    Object.entries(form.hidden).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
    ),
  );
  const name = form.askName
    ? html`<p>
        <label>Your name <input name="by" required maxlength="64" autocomplete="name" /></label>
      </p>`
    : html``;
  return html`<form method="post" action="${form.action}" class="box">
    ${hidden}${name}
    <p>
      Approving applies exactly this plan now. If the export or the live menu changed since the run, nothing
      is applied and the page says why.
    </p>
    <div class="actions">
      <button type="submit" name="decision" value="approve" class="approve">Approve</button>
      <button type="submit" name="decision" value="reject" class="reject">Reject</button>
    </div>
  </form>`;
}

function changeTable(view: RunView): SafeHtml {
  if (view.changes.length === 0) return html`<p class="muted">No changes.</p>`;
  const shown = view.changes.slice(0, MAX_CHANGES_SHOWN);
  const more =
    view.changes.length > shown.length
      ? html`<p class="muted">${view.changes.length - shown.length} more in the full report.</p>`
      : html``;
  return html`<h2>Changes (${view.changes.length})</h2>
    <table>
      <thead>
        <tr>
          <th>Action</th>
          <th>Kind</th>
          <th>Name</th>
          <th class="wide">Id</th>
        </tr>
      </thead>
      <tbody>
        ${join(
          shown.map(
            (entry) =>
              html`<tr>
                <td class="${entry.action === 'remove' ? 'bad' : ''}">${entry.action}</td>
                <td>${entry.kind}</td>
                <td>${entry.name ?? ''}</td>
                <td class="wide">${entry.ext_id}</td>
              </tr>`,
          ),
        )}
      </tbody>
    </table>
    ${more}`;
}
