import { verifyApproval, type ApprovalClaims } from '../notify/approval-link.js';
import { answer, decisionOf } from './decision-route.js';
import { decide } from './decide.js';
import { clientOf, readForm, send } from './http-io.js';
import { renderMessagePage } from './login-page.js';
import { html, page } from './page-html.js';
import { RUN_ID, type Route } from './route.js';
import { runSection } from './run-page.js';
import { readRunView } from './run-view.js';

/**
 * A manager's signed link: /link/TARGET/RUN?e=EXPIRES&n=NONCE&s=SIGNATURE. It shows that one run's
 * diff with Approve / Reject, without an account. It is checked on every request (signature,
 * expiry); once the run is decided, by this link or anyone, it decides nothing more.
 */
export async function linkRoute(r: Route): Promise<void> {
  const { ctx, request, response, segments } = r;
  const [, name, runId] = segments;
  const params = request.method === 'POST' ? await readForm(request) : r.url.searchParams;
  const refused = (why: string) => {
    ctx.log(
      `manager link for ${JSON.stringify(name ?? '')} run ${JSON.stringify(runId ?? '')} refused: ${why} (${clientOf(request)})`,
    );
    send(response, 403, renderMessagePage(ctx.base, 'Link not valid', `${why}. Ask for a new link.`));
  };
  if (segments.length !== 3 || !name || !runId || !RUN_ID.test(runId) || !params)
    return refused('the link is not valid');
  const claims = verifyApproval(ctx.linkKey, name, runId, params, ctx.now());
  if (typeof claims === 'string') return refused(claims);
  await ctx.index.current();
  const row = ctx.index.find(name);
  const view = row?.target ? await readRunView(ctx.store.target(row.target), runId) : null;
  if (!row || !view) return refused('the run is not kept any more');
  const binding = `link:${claims.nonce}`;
  if (request.method === 'POST') {
    if (!ctx.auth.checkCsrf(binding, params.get('csrf') ?? undefined)) return refused('the form has expired');
    const action = decisionOf(params);
    const by = (params.get('by') ?? '').trim().slice(0, 64);
    if (!action || !by)
      return send(
        response,
        400,
        renderMessagePage(ctx.base, 'Not done', 'Give your name and choose Approve or Reject.'),
      );
    const result = await decide(ctx, row, { runId, action, by, via: 'link', link: claims.nonce });
    return answer(r, result, null);
  }
  const form = {
    action: `${ctx.base}/link/${encodeURIComponent(name)}/${encodeURIComponent(runId)}`,
    hidden: hiddenOf(claims, params, ctx.auth.csrf(binding)),
    askName: true,
  };
  const body = html`<h1>${row.name}</h1>
    <p class="muted">A sync of this menu was stopped by a safety check. Look at the changes and decide.</p>
    ${runSection(view, null, form)}`;
  return send(response, 200, page({ title: `Approve ${row.name}`, user: null, base: ctx.base }, body));
}

function hiddenOf(claims: ApprovalClaims, params: URLSearchParams, csrf: string): Record<string, string> {
  return { e: String(claims.expires), n: claims.nonce, s: params.get('s') ?? '', csrf };
}
