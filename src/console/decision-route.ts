import { decisionLine, type RunDecision } from '../history/run-decision.js';
import type { Principal } from './auth.js';
import { decide, type DecisionAsked } from './decide.js';
import type { FleetRow } from './fleet-index.js';
import { clientOf, readForm, send } from './http-io.js';
import { renderMessagePage } from './login-page.js';
import type { Route } from './route.js';

/** POST …/runs/RUN/decision by a signed-in person: role approve and the form's CSRF token required. */
export async function decisionRoute(
  r: Route,
  principal: Principal,
  row: FleetRow,
  runId: string,
): Promise<void> {
  const { ctx, request, response } = r;
  const user = { name: principal.name, role: principal.role, csrf: ctx.auth.csrf(principal.binding) };
  const form = await readForm(request);
  if (!ctx.auth.checkCsrf(principal.binding, form?.get('csrf') ?? undefined)) {
    ctx.log(
      `${principal.name}: a decision on ${row.name} run ${runId} without a valid CSRF token was refused (${clientOf(request)})`,
    );
    return send(
      response,
      403,
      renderMessagePage(ctx.base, 'Refused', 'The form has expired: reload the page and try again.', user),
    );
  }
  if (principal.role !== 'approve') {
    ctx.log(`${principal.name} (role ${principal.role}) may not decide on ${row.name} run ${runId}: refused`);
    return send(
      response,
      403,
      renderMessagePage(ctx.base, 'Refused', 'Your token may view, not approve or reject.', user),
    );
  }
  const action = decisionOf(form);
  if (!action)
    return send(response, 400, renderMessagePage(ctx.base, 'Refused', 'Choose Approve or Reject.', user));
  const result = await decide(ctx, row, { runId, action, by: principal.name, via: 'token', link: null });
  return answer(r, result, user);
}

export function decisionOf(form: URLSearchParams | null): DecisionAsked['action'] | null {
  const value = form?.get('decision');
  return value === 'approve' || value === 'reject' ? value : null;
}

/** The page that says what the decision came to, or why none was taken (409). */
export function answer(
  r: Route,
  result: RunDecision | string,
  user: Parameters<typeof renderMessagePage>[3],
): void {
  if (typeof result === 'string')
    return send(r.response, 409, renderMessagePage(r.ctx.base, 'Not done', result, user));
  const title =
    result.state === 'applied' || result.state === 'rejected'
      ? 'Done'
      : result.state === 'queued'
        ? 'Approved'
        : 'Not applied';
  send(r.response, 200, renderMessagePage(r.ctx.base, title, decisionLine(result), user));
}
