import { readBody, sendAuthError, sendEnvelopeError, sendJson, type RequestContext } from './http.js';
import type { SandboxState } from './routes.js';
import { TamperSpec } from './tamper.js';

/**
 * POST /_sandbox/tamper: the authenticated client's menu is changed behind its back (tamper.ts),
 * e.g. `{"removeProducts": 17, "addHandmadeCategory": true}`. Answers what was changed.
 */
export async function handleTamper(ctx: RequestContext, state: SandboxState): Promise<void> {
  const auth = state.auth.authenticate(ctx.req);
  if (!auth.ok) return sendAuthError(ctx, auth.status, auth.oauthCode, auth.code, auth.message);
  const body = await readBody(ctx.req, 64 * 1024);
  let parsed: ReturnType<typeof TamperSpec.safeParse> | undefined;
  try {
    parsed = body.ok ? TamperSpec.safeParse(JSON.parse(body.body.toString('utf8'))) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    const expected =
      'expected {"removeProducts"?: n, "addHandmadeCategory"?: true|name, "hideCategories"?: [ext_id]}';
    return sendEnvelopeError(ctx, 200, 'VALIDATION_ERROR', expected);
  }
  sendJson(ctx, 200, { success: true, ...state.store.tamper(auth.client.clientId, parsed.data) });
}
