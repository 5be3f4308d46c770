import { listHistory } from '../history/list-history.js';
import { redact } from '../secrets.js';
import type { Principal } from './auth.js';
import { fleetQuery, renderFleetPage } from './fleet-page.js';
import { clientOf, crossSiteForm, readForm, redirect, REPORT_CSP, securityHeaders, send } from './http-io.js';
import { linkRoute } from './link-route.js';
import { renderLoginPage, renderMessagePage } from './login-page.js';
import { html, page, STYLE_CSS, type PageChrome } from './page-html.js';
import { decisionRoute } from './decision-route.js';
import { runSection } from './run-page.js';
import { readRunView } from './run-view.js';
import { renderTargetPage, runHref } from './target-page.js';
import { RUN_ID, type Route } from './route.js';
import { syncQueueSize } from '../worker/queue-size.js';

/** Every request: the open routes (health, stylesheet, sign-in, managers' links), then the signed-in pages. */
export async function route(r: Route): Promise<void> {
  const { request, response, segments, ctx } = r;
  const [first] = segments;
  securityHeaders(response);
  if (first === 'healthz' && segments.length === 1)
    return send(response, 200, 'ok\n', 'text/plain; charset=utf-8');
  if (first === 'style.css' && segments.length === 1)
    return send(response, 200, STYLE_CSS, 'text/css; charset=utf-8');
  if (first === 'login' && segments.length === 1) return login(r);
  if (first === 'link') return linkRoute(r);
  const principal = await ctx.auth.principal(request);
  if (!principal) return refuse(r, request.headers.authorization !== undefined);
  if (request.method === 'POST' && first === 'logout') return logout(r, principal);
  const chrome: PageChrome = {
    title: 'Fleet',
    base: ctx.base,
    user: { name: principal.name, role: principal.role, csrf: ctx.auth.csrf(principal.binding) },
  };
  if (segments.length === 0 && request.method === 'GET') {
    const { rows, builtAt } = await ctx.index.current();
    return send(response, 200, renderFleetPage(chrome, rows, fleetQuery(r.url.searchParams), builtAt));
  }
  if (first === 'metrics' && segments.length === 1) {
    const { rows } = await ctx.index.current();
    const queued = ctx.queue ? await syncQueueSize(ctx.queue) : null;
    const text = await ctx.metrics.render(rows, ctx.store, queued, ctx.now());
    return send(response, 200, text, 'text/plain; version=0.0.4; charset=utf-8');
  }
  if (first === 't' && segments.length >= 2) return targetRoutes(r, principal, chrome);
  return notFound(r, chrome);
}

async function targetRoutes(r: Route, principal: Principal, chrome: PageChrome): Promise<void> {
  const { ctx, response, segments, request } = r;
  const [, name, runs, runId, leaf] = segments;
  await ctx.index.current();
  const row = ctx.index.find(name!);
  if (!row) return notFound(r, chrome);
  if (segments.length === 2) {
    const store = row.target ? ctx.store.target(row.target) : null;
    const history = store ? await listHistory(store) : [];
    // The last run's plan names the export files it read (its modification times too).
    const last = store && row.lastRun ? await readRunView(store, row.lastRun.runId) : null;
    return send(
      response,
      200,
      renderTargetPage({ ...chrome, title: row.name }, row, history, ctx.loaded, last),
    );
  }
  if (runs !== 'runs' || !runId || !RUN_ID.test(runId) || !row.target || segments.length > 5)
    return notFound(r, chrome);
  const store = ctx.store.target(row.target);
  if (leaf === 'decision' && request.method === 'POST') return decisionRoute(r, principal, row, runId);
  const view = await readRunView(store, runId);
  if (!view) return notFound(r, chrome);
  if (leaf === 'report') {
    const report = await store.readRunFile(runId, 'report.html');
    if (!report) return notFound(r, chrome);
    securityHeaders(response, REPORT_CSP);
    return send(response, 200, redact(report.toString('utf8')));
  }
  if (leaf !== undefined) return notFound(r, chrome);
  const href = runHref(ctx.base, row.name, runId);
  const form =
    principal.role === 'approve'
      ? { action: `${href}/decision`, hidden: { csrf: chrome.user!.csrf }, askName: false }
      : null;
  const body = html`<h1>${row.name}</h1>
    <p class="muted">Run ${runId} · <a href="${ctx.base}/t/${encodeURIComponent(row.name)}">history</a></p>
    ${runSection(view, `${href}/report`, form)}${
      view.approvable && !view.decision && principal.role !== 'approve'
        ? html`<p class="muted">Your token may view, not approve.</p>`
        : html``
    }`;
  return send(response, 200, page({ ...chrome, title: `${row.name} run` }, body));
}

async function login(r: Route): Promise<void> {
  const { ctx, request, response } = r;
  if (request.method !== 'POST') return send(response, 200, renderLoginPage(ctx.base, false));
  if (crossSiteForm(request)) {
    ctx.log(`a sign-in posted from another site was refused (${clientOf(request)})`);
    return send(
      response,
      403,
      renderMessagePage(ctx.base, 'Refused', 'Sign in from this console’s own page.'),
    );
  }
  const form = await readForm(request);
  const principal = ctx.auth.byToken(form?.get('token') ?? '');
  if (!principal) {
    ctx.metrics.loginFailed();
    ctx.log(`login failed from ${clientOf(request)}`);
    return send(response, 401, renderLoginPage(ctx.base, true));
  }
  const id = await ctx.auth.startSession(principal);
  ctx.log(`${principal.name} signed in from ${clientOf(request)}`);
  return redirect(response, `${ctx.base}/`, { 'Set-Cookie': ctx.auth.sessionCookie(id, r.secure) });
}

async function logout(r: Route, principal: Principal): Promise<void> {
  const form = await readForm(r.request);
  if (!r.ctx.auth.checkCsrf(principal.binding, form?.get('csrf') ?? undefined))
    return send(
      r.response,
      403,
      renderMessagePage(r.ctx.base, 'Refused', 'The form has expired: reload the page and try again.'),
    );
  await r.ctx.auth.endSession(r.request);
  return redirect(r.response, `${r.ctx.base}/login`, { 'Set-Cookie': r.ctx.auth.clearedCookie(r.secure) });
}

/** No token, or an unknown one: a browser goes to the sign-in form, a program gets 401. */
function refuse(r: Route, triedToken: boolean): void {
  const { ctx, request, response } = r;
  if (triedToken) {
    ctx.metrics.loginFailed();
    ctx.log(`a request with an unknown token from ${clientOf(request)} was refused`);
  }
  const browser = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  if (browser && !triedToken) return redirect(response, `${ctx.base}/login`);
  return send(
    response,
    401,
    'a console token is needed (Authorization: Bearer TOKEN)\n',
    'text/plain; charset=utf-8',
    {
      'WWW-Authenticate': 'Bearer realm="menusync"',
    },
  );
}

export function notFound(r: Route, chrome: PageChrome | null): void {
  send(
    r.response,
    404,
    renderMessagePage(
      r.ctx.base,
      'Not found',
      'There is no such page, target or run here.',
      chrome?.user ?? null,
    ),
  );
}
