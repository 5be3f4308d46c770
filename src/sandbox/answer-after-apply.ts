import { dropConnection, sendJson, sendText, type RequestContext } from './http.js';

/**
 * Broken answers to an import the sandbox HAS applied: what a platform that stores the menu and
 * then fails on the way out (a crash, a proxy, a serializer bug) looks like to the client. The
 * client may count none of them as "applied" or "not applied".
 */
export const BROKEN_ANSWERS = [
  /** The connection drops before any answer. */
  'lost',
  /** HTTP 200 with a body that is not JSON. */
  'non-json',
  /** HTTP 200 with an empty body. */
  'empty',
  /** HTTP 200 with `success: "true"` (a string). */
  'success-string',
  /** HTTP 200 with a JSON object without `success`. */
  'success-missing',
  /** HTTP 200 with `success: 1`. */
  'success-number',
  /** HTTP 500 with the platform's envelope, INTERNAL_ERROR. */
  'http-500-json',
  /** HTTP 500 with an HTML page, as a proxy answers. */
  'http-500-html',
] as const;
export type BrokenAnswer = (typeof BROKEN_ANSWERS)[number];

export function sendBrokenAnswer(ctx: RequestContext, answer: BrokenAnswer): void {
  switch (answer) {
    case 'lost':
      return dropConnection(ctx);
    case 'non-json':
      return sendText(ctx, 200, 'OK: menu imported', { 'content-type': 'text/plain' });
    case 'empty':
      return sendText(ctx, 200, '', { 'content-type': 'application/json' });
    case 'success-string':
      return sendJson(ctx, 200, { success: 'true' });
    case 'success-missing':
      return sendJson(ctx, 200, { imported: true });
    case 'success-number':
      return sendJson(ctx, 200, { success: 1 });
    case 'http-500-json':
      return sendJson(ctx, 500, {
        success: false,
        error: 'INTERNAL_ERROR',
        message: 'internal error after storing the menu (sandbox fault)',
      });
    case 'http-500-html':
      return sendText(ctx, 500, '<html><body><h1>500 Internal Server Error</h1></body></html>', {
        'content-type': 'text/html',
      });
  }
}
