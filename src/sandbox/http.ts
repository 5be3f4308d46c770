import type { IncomingMessage, ServerResponse } from 'node:http';

export interface SandboxRequestLogEntry {
  method: string;
  /** Full request path (with any base path), without the query string. */
  path: string;
  /** 0 when the sandbox answered nothing (reset or lost-after-apply faults). */
  status: number;
}

/** One request in flight: where it went and how it is answered (and logged). */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path relative to the base path. */
  path: string;
  query: URLSearchParams;
  bearer: boolean;
  log: SandboxRequestLogEntry;
}

export function sendJson(
  ctx: RequestContext,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendText(ctx, status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
}

export function sendText(
  ctx: RequestContext,
  status: number,
  text: string,
  headers: Record<string, string> = { 'content-type': 'text/plain' },
): void {
  // Logged before the answer leaves, so a test that has the answer also sees the log entry.
  ctx.log.status = status;
  if (ctx.res.destroyed) return;
  ctx.res.writeHead(status, headers);
  ctx.res.end(text);
}

/** Drops the connection without answering: what a crash or a network cut looks like to the client. */
export function dropConnection(ctx: RequestContext): void {
  ctx.log.status = 0;
  ctx.req.socket.destroy();
}

/** The envelope error every operation uses: {success:false, error, message}. */
export function sendEnvelopeError(ctx: RequestContext, status: number, code: string, message: string): void {
  sendJson(ctx, status, { success: false, error: code, message });
}

/** Bearer requests answered 400/401/403 use the OAuth body; everything else the envelope. */
export function sendAuthError(
  ctx: RequestContext,
  status: number,
  oauthCode: string,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (ctx.bearer && (status === 400 || status === 401 || status === 403)) {
    sendJson(ctx, status, { error: oauthCode, error_description: message }, headers);
  } else {
    sendJson(ctx, status, { success: false, error: code, message }, headers);
  }
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false };

/** Reads the whole body, or stops at `limit` bytes (then the caller answers 413). */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        resolve({ ok: false });
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve({ ok: true, body: Buffer.concat(chunks) }));
    req.on('error', reject);
  });
}
