import type { IncomingMessage, ServerResponse } from 'node:http';

/** The console's own pages: nothing but our stylesheet loads, no script runs, no one frames them. */
const PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
/**
 * A stored run report: its style is inline (the file is made to open offline), so inline style is
 * allowed; nothing else, and the sandbox keeps it from running or submitting anything.
 */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export function securityHeaders(response: ServerResponse, csp = PAGE_CSP): void {
  response.setHeader('Content-Security-Policy', csp);
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // A manager's link holds its signature in the query: no page sends its address anywhere.
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cache-Control', 'no-store');
}

export function send(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'text/html; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': type, ...headers });
  response.end(body);
}

export function redirect(
  response: ServerResponse,
  location: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(303, { Location: location, ...headers });
  response.end();
}

/** The largest form the console accepts: its forms hold a token, a name and a few fields. */
const MAX_FORM_BYTES = 16 * 1024;

/** An urlencoded form's fields; null when it is too big or not a form. */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A path's segments, decoded; null when one is not valid percent-encoding. */
export function pathSegments(pathname: string): string[] | null {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** The address a request came from, for the log lines of refusals. */
export function clientOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown';
}

/**
 * A form posted from another site: the browser says so (`Sec-Fetch-Site`), or its `Origin` names
 * another host than the one asked. The sign-in form has no session to bind a CSRF token to, so this
 * is its CSRF check: another site cannot sign a browser in to its own token. (Our pages send no
 * referrer, so a browser's own form may come with `Origin: null`: that alone decides nothing.)
 */
export function crossSiteForm(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
