import type { ImportGauge } from './import-gauge.js';
import { ImportPayload } from '../model/import-payload.js';
import { validatePayload } from '../model/validate-payload.js';
import { sendBrokenAnswer, type BrokenAnswer } from './answer-after-apply.js';
import type { AuthRegistry } from './auth.js';
import { readBody, sendAuthError, sendEnvelopeError, sendJson, type RequestContext } from './http.js';
import { breakPage, type BrokenPage, type CategoryPageBody } from './listing-faults.js';
import type { MenuStore } from './store.js';

export interface SandboxState {
  auth: AuthRegistry;
  store: MenuStore;
  tokenLifetimeSeconds: number;
  maxImportBytes: number;
  imports: ImportGauge;
}

/** POST /oauth/token (RFC 6749 client credentials, form-encoded). */
export async function handleToken(
  ctx: RequestContext,
  state: SandboxState,
  lifetimeOverride?: number,
): Promise<void> {
  const body = await readBody(ctx.req, 64 * 1024);
  if (!body.ok) return sendJson(ctx, 413, { error: 'invalid_request', error_description: 'body too large' });
  const form = new URLSearchParams(body.body.toString('utf8'));
  const oauthError = (status: number, error: string, description: string) =>
    sendJson(ctx, status, { error, error_description: description });
  if (form.get('grant_type') !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
  }
  const clientId = form.get('client_id') ?? undefined;
  const secret = form.get('client_secret') ?? undefined;
  if (!clientId || !secret)
    return oauthError(400, 'invalid_request', 'client_id and client_secret are required');
  const client = state.auth.check(clientId, secret);
  if (!client) return oauthError(401, 'invalid_client', 'client authentication failed');
  const lifetime = lifetimeOverride ?? state.tokenLifetimeSeconds;
  sendJson(ctx, 200, {
    access_token: state.auth.issue(client, lifetime),
    token_type: 'Bearer',
    expires_in: lifetime,
  });
}

/**
 * POST /menu/import. A rejected import changes nothing: everything is checked before the store moves.
 * `brokenAnswer` (a fault) answers an applied import badly; a rejected one is still answered normally.
 */
export async function handleImport(
  ctx: RequestContext,
  state: SandboxState,
  brokenAnswer?: BrokenAnswer,
): Promise<void> {
  const auth = state.auth.authenticate(ctx.req, 'write:menu');
  if (!auth.ok) {
    const wwwAuth = auth.status === 403 ? { 'www-authenticate': 'Bearer scope="write:menu"' } : undefined;
    return sendAuthError(ctx, auth.status, auth.oauthCode, auth.code, auth.message, wwwAuth);
  }
  const body = await readBody(ctx.req, state.maxImportBytes);
  if (!body.ok) {
    return sendJson(
      ctx,
      413,
      {
        success: false,
        error: 'PAYLOAD_TOO_LARGE',
        message: `import body over ${state.maxImportBytes} bytes`,
      },
      { connection: 'close' },
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(body.body.toString('utf8'));
  } catch {
    return sendEnvelopeError(ctx, 200, 'VALIDATION_ERROR', 'request body is not valid JSON');
  }
  const missing = missingParameter(raw);
  if (missing) return sendEnvelopeError(ctx, 200, 'MISSING_PARAMETER', `missing parameter: ${missing}`);
  const mode = (raw as Record<string, unknown>).update_mode;
  if (mode !== 'replace' && mode !== 'merge') {
    return sendEnvelopeError(ctx, 200, 'VALIDATION_ERROR', 'update_mode must be replace or merge');
  }

  const clientId = auth.client.clientId;
  return state.imports.during(clientId, () => importBody(ctx, state, clientId, raw, brokenAnswer));
}

function importBody(
  ctx: RequestContext,
  state: SandboxState,
  clientId: string,
  raw: unknown,
  brokenAnswer: BrokenAnswer | undefined,
): void {
  // A product needs its owning category (platform-interface.md): the platform refuses one without.
  const issues = validatePayload(withKnownCategories(raw as Record<string, unknown>, state, clientId), {
    categoryRequired: true,
  }).filter((issue) => issue.severity === 'error');
  const parsed = ImportPayload.safeParse(raw);
  if (issues.length > 0 || !parsed.success) {
    const shown = issues.slice(0, 10).map((i) => `${i.path}: ${i.message}`);
    const more = issues.length > 10 ? `; and ${issues.length - 10} more` : '';
    return sendEnvelopeError(ctx, 200, 'IMPORT_ERROR', `import rejected: ${shown.join('; ')}${more}`);
  }
  state.store.applyImport(clientId, parsed.data);
  if (brokenAnswer) return sendBrokenAnswer(ctx, brokenAnswer);
  sendJson(ctx, 200, { success: true });
}

function missingParameter(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'pos_uid';
  const body = raw as Record<string, unknown>;
  if (body.pos_uid === undefined || body.pos_uid === '') return 'pos_uid';
  if (body.update_mode === undefined) return 'update_mode';
  if (body.update_mode === 'replace') {
    if (body.categories === undefined) return 'categories (required with update_mode replace)';
    if (body.products === undefined) return 'products (required with update_mode replace)';
  }
  return undefined;
}

/**
 * A merge may name categories imported earlier: they count as known, so the payload check does not
 * call them unknown. Stubs go last, so the paths of the payload's own categories are unchanged.
 */
function withKnownCategories(raw: Record<string, unknown>, state: SandboxState, clientId: string): unknown {
  if (raw.update_mode !== 'merge' || (raw.categories !== undefined && !Array.isArray(raw.categories)))
    return raw;
  const given = (raw.categories as { ext_id?: unknown }[] | undefined) ?? [];
  const named = new Set(given.map((c) => c?.ext_id));
  const stubs = state.store
    .menu(clientId)
    .categories.filter((c) => !named.has(c.ext_id))
    .map((c) => ({ ext_id: c.ext_id }));
  return { ...raw, categories: [...given, ...stubs] };
}

/** GET /menu/categories: paged, with options and values, never products; `broken` is a fault's page. */
export function handleCategories(ctx: RequestContext, state: SandboxState, broken?: BrokenPage): void {
  const auth = state.auth.authenticate(ctx.req);
  if (!auth.ok) return sendAuthError(ctx, auth.status, auth.oauthCode, auth.code, auth.message);
  const pageText = ctx.query.get('page');
  if (pageText === null) return sendEnvelopeError(ctx, 200, 'MISSING_PARAMETER', 'missing parameter: page');
  const page = Number(pageText);
  const pagesize = Number(ctx.query.get('pagesize') ?? '100');
  const visible = ctx.query.get('visible') ?? '1';
  if (!Number.isInteger(page) || page < 1) return badParam(ctx, 'page must be an integer >= 1');
  if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > 100) {
    return badParam(ctx, 'pagesize must be an integer from 1 to 100');
  }
  if (visible !== '0' && visible !== '1') return badParam(ctx, 'visible must be 0 or 1');
  const q = ctx.query.get('q')?.toLowerCase();
  const all = state.store
    .categories(auth.client.clientId)
    .filter((c) => visible === '0' || c.hidden !== true)
    .filter((c) => !q || (c.name ?? '').toLowerCase().includes(q));
  const start = (page - 1) * pagesize;
  const body: CategoryPageBody = {
    success: true,
    page,
    pagesize,
    total_count: all.length,
    more: start + pagesize < all.length,
    categories: all.slice(start, start + pagesize),
  };
  sendJson(ctx, 200, broken ? breakPage(body, broken, all.slice(0, pagesize)) : body);
}

function badParam(ctx: RequestContext, message: string): void {
  sendEnvelopeError(ctx, 200, 'VALIDATION_ERROR', message);
}

/** GET /_sandbox/menu: the whole stored menu, products included, for users and tests. */
export function handleInspect(ctx: RequestContext, state: SandboxState): void {
  const auth = state.auth.authenticate(ctx.req);
  if (!auth.ok) return sendAuthError(ctx, auth.status, auth.oauthCode, auth.code, auth.message);
  sendJson(ctx, 200, {
    success: true,
    import_count: state.store.importCount(auth.client.clientId),
    menu: state.store.stored(auth.client.clientId),
  });
}
