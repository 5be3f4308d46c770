import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrokenAnswer } from './answer-after-apply.js';
import { AuthRegistry } from './auth.js';
import { ImportGauge } from './import-gauge.js';
import { FaultList, FaultQueue, type FaultSpec } from './faults.js';
import {
  dropConnection,
  readBody,
  sendEnvelopeError,
  sendJson,
  sendText,
  type RequestContext,
} from './http.js';
import { handleCategories, handleImport, handleInspect, handleToken, type SandboxState } from './routes.js';
import { handleTamper } from './tamper-route.js';
import type { TamperSpec } from './tamper.js';
import { MenuStore } from './store.js';
import {
  DEMO_CLIENT,
  type SandboxHandle,
  type SandboxOptions,
  type SandboxRequestLogEntry,
} from './types.js';

const DEFAULT_MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** Starts the local platform: the endpoints of platform-interface.md, with the behaviour of platform-notes.md. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const basePath = normalizeBasePath(options.basePath);
  const clients = options.clients ?? [{ ...DEMO_CLIENT, scopes: ['write:menu', 'write:orders'] }];
  const state: SandboxState = {
    auth: new AuthRegistry(clients),
    store: new MenuStore(options.dataFile),
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
    maxImportBytes: options.maxImportBytes ?? DEFAULT_MAX_IMPORT_BYTES,
    imports: new ImportGauge(options.importDelayMs),
  };
  const faults = new FaultQueue();
  const requests: SandboxRequestLogEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const log: SandboxRequestLogEntry = { method: req.method ?? 'GET', path: url.pathname, status: 0 };
    requests.push(log);
    const inside = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
    const ctx: RequestContext = {
      req,
      res,
      path: inside ? url.pathname.slice(basePath.length) || '/' : url.pathname,
      query: url.searchParams,
      bearer: req.headers.authorization?.startsWith('Bearer ') === true,
      log,
    };
    if (!inside) return sendEnvelopeError(ctx, 404, 'NOT_FOUND', `no endpoint at ${url.pathname}`);
    route(ctx).catch((error: unknown) => {
      if (!res.headersSent) sendEnvelopeError(ctx, 500, 'INTERNAL_ERROR', String(error));
    });
  });

  async function route(ctx: RequestContext): Promise<void> {
    if (ctx.path === '/_sandbox/faults') return handleFaultsEndpoint(ctx);
    if (ctx.path === '/_sandbox/tamper' && ctx.req.method === 'POST') return handleTamper(ctx, state);
    const page = Number(ctx.query.get('page'));
    const fault = faults.take({ path: ctx.path, bearer: ctx.bearer, ...(page >= 1 ? { page } : {}) });
    if (fault?.kind === 'delay') await sleep(fault.ms);
    if (fault && answerFault(ctx, fault)) return;
    const key = `${ctx.req.method} ${ctx.path}`;
    if (key === 'POST /oauth/token') {
      return handleToken(ctx, state, fault?.kind === 'token-lifetime' ? fault.seconds : undefined);
    }
    if (key === 'POST /menu/import') return handleImport(ctx, state, brokenAnswer(fault));
    if (key === 'GET /menu/categories')
      return handleCategories(ctx, state, fault?.kind === 'categories-page' ? fault.answer : undefined);
    if (key === 'GET /_sandbox/menu') return handleInspect(ctx, state);
    sendEnvelopeError(ctx, 404, 'NOT_FOUND', `no endpoint ${key}`);
  }

  async function handleFaultsEndpoint(ctx: RequestContext): Promise<void> {
    if (ctx.req.method === 'DELETE') {
      faults.clear();
      return sendJson(ctx, 200, { success: true });
    }
    const body = await readBody(ctx.req, 64 * 1024);
    let parsed: ReturnType<typeof FaultList.safeParse> | undefined;
    try {
      parsed = body.ok ? FaultList.safeParse(JSON.parse(body.body.toString('utf8'))) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success)
      return sendEnvelopeError(ctx, 200, 'VALIDATION_ERROR', 'expected a JSON array of faults');
    faults.add(parsed.data);
    sendJson(ctx, 200, { success: true, injected: parsed.data.length });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${basePath}`,
    requests,
    injectFaults: (specs: FaultSpec[]) => faults.add(FaultList.parse(specs)),
    clearFaults: () => faults.clear(),
    storedMenu: (clientId) => state.store.stored(clientId),
    exportMenu: (clientId) => state.store.exportMenu(clientId),
    importCount: (clientId) => state.store.importCount(clientId),
    maxConcurrentImports: (clientId) => state.imports.maxConcurrent(clientId),
    tamper: (clientId: string, spec: TamperSpec) => state.store.tamper(clientId, spec),
    // Idempotent: tests and signal handlers may both close it.
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function brokenAnswer(fault: FaultSpec | undefined): BrokenAnswer | undefined {
  if (fault?.kind === 'lost-after-apply') return 'lost';
  return fault?.kind === 'answer-after-apply' ? fault.answer : undefined;
}

/** Answers the request as the fault says; false when the fault only changes how it is handled. */
function answerFault(ctx: RequestContext, fault: FaultSpec): boolean {
  switch (fault.kind) {
    case 'status':
      answerStatus(ctx, fault);
      return true;
    case 'rate-limit':
      sendEnvelopeError(ctx, 200, 'RATE_LIMIT_EXCEEDED', 'per-minute call limit exceeded (sandbox fault)');
      return true;
    case 'internal-error':
      sendEnvelopeError(ctx, 200, 'INTERNAL_ERROR', 'internal error (sandbox fault)');
      return true;
    case 'reset':
      dropConnection(ctx);
      return true;
    case 'invalid-token':
      sendJson(ctx, 401, {
        error: 'invalid_token',
        error_description: 'access token revoked (sandbox fault)',
      });
      return true;
    case 'redirect':
      sendText(ctx, fault.status, '', { location: fault.location });
      return true;
    case 'import-error':
      sendEnvelopeError(ctx, 200, 'IMPORT_ERROR', fault.message ?? 'import rejected (sandbox fault)');
      return true;
    default:
      return false;
  }
}

const OAUTH_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_token',
  403: 'insufficient_scope',
};
const ENVELOPE_CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'INVALID_AUTH',
  403: 'UNAUTHORIZED',
};

// 4xx answers look like the platform's own (JSON); 5xx like a proxy's (HTML), as they are in practice.
function answerStatus(ctx: RequestContext, fault: Extract<FaultSpec, { kind: 'status' }>): void {
  const headers: Record<string, string> =
    fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
  const { status } = fault;
  if (status >= 500) {
    const html = `<html><body><h1>${status} (sandbox fault)</h1></body></html>`;
    return sendText(ctx, status, html, { 'content-type': 'text/html', ...headers });
  }
  const message = `HTTP ${status} (sandbox fault)`;
  if (ctx.bearer && (status === 400 || status === 401 || status === 403)) {
    const error = fault.code ?? OAUTH_CODES[status]!;
    return sendJson(ctx, status, { error, error_description: message }, headers);
  }
  const error = fault.code ?? ENVELOPE_CODES[status] ?? `HTTP_${status}`;
  sendJson(ctx, status, { success: false, error, message }, headers);
}

function normalizeBasePath(basePath: string | undefined): string {
  if (!basePath || basePath === '/') return '';
  return `/${basePath.replace(/^\/+|\/+$/g, '')}`;
}
