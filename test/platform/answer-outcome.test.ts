import { describe, expect, it } from 'vitest';
import { FatalPlatformError, PlatformError } from '../../src/platform/errors.js';
import { readAnswer } from '../../src/platform/answer.js';
import type { BrokenAnswer } from '../../src/sandbox/answer-after-apply.js';
import type { FaultSpec } from '../../src/sandbox/faults.js';
import { harness, smallMenu } from './fixture.js';

const IMPORT = '/menu/import';
const once = { maxAttempts: 1 };

describe('an import answered with something other than a well-formed success or refusal', () => {
  it.each<[BrokenAnswer, string]>([
    ['non-json', 'HTTP 200 with a non-JSON body: "OK: menu imported"'],
    ['empty', 'HTTP 200 with an empty body'],
    ['success-string', 'HTTP 200 without "success": true ("success": "true")'],
    ['success-missing', 'HTTP 200 without "success": true (no "success")'],
    ['success-number', 'HTTP 200 without "success": true ("success": 1)'],
    ['http-500-json', 'failed (HTTP 500): INTERNAL_ERROR'],
    ['http-500-html', 'HTTP 500 with a non-JSON body'],
    ['lost', 'network error'],
  ])('after the sandbox applied it (%s) fails with the outcome unknown', async (answer, message) => {
    const h = await harness({ retry: once });
    h.sandbox.injectFaults([{ kind: 'answer-after-apply', answer, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ outcomeUnknown: true, attempts: 1 });
    expect((error as Error).message).toContain(message);
    // The fault is real: the sandbox did store the menu it then answered badly.
    expect(h.sandbox.importCount(h.credentials.clientId)).toBe(1);
  });

  it.each<BrokenAnswer>(['non-json', 'empty', 'success-string', 'success-missing', 'success-number'])(
    'does not retry an unreadable 2xx (%s): retrying cannot make it readable',
    async (answer) => {
      const h = await harness();
      h.sandbox.injectFaults([{ kind: 'answer-after-apply', answer, path: IMPORT }]);
      const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FatalPlatformError);
      expect(error).toMatchObject({ code: 'UNREADABLE_ANSWER', attempts: 1, outcomeUnknown: true });
    },
  );

  it('counts a later well-formed success as applied: the resent body is the same menu', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'answer-after-apply', answer: 'http-500-json', path: IMPORT }]);
    expect(await h.client.importMenu(smallMenu())).toEqual({ success: true, attempts: 2 });
    expect(h.sandbox.importCount(h.credentials.clientId)).toBe(2);
  });

  it('stays unknown when a later attempt is refused: the first one may have landed', async () => {
    const h = await harness();
    h.sandbox.injectFaults([
      { kind: 'answer-after-apply', answer: 'http-500-html', path: IMPORT },
      { kind: 'status', status: 429, count: 10, path: IMPORT },
    ]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, attempts: 5, outcomeUnknown: true });
  });
});

describe('an import the platform refused', () => {
  it.each<[string, FaultSpec]>([
    ['IMPORT_ERROR', { kind: 'import-error', path: IMPORT }],
    ['HTTP 401 (also after a new token)', { kind: 'status', status: 401, count: 2, path: IMPORT }],
    ['HTTP 403', { kind: 'status', status: 403, path: IMPORT }],
    ['HTTP 409', { kind: 'status', status: 409, path: IMPORT }],
    ['HTTP 429 every time', { kind: 'status', status: 429, count: 10, path: IMPORT }],
    ['RATE_LIMIT_EXCEEDED every time', { kind: 'rate-limit', count: 10, path: IMPORT }],
  ])('knows nothing was applied on %s', async (_name, fault) => {
    const h = await harness({ retry: { maxAttempts: 2, minDelayMs: 10, maxDelayMs: 20 } });
    h.sandbox.injectFaults([fault]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ outcomeUnknown: false });
    expect(h.sandbox.importCount(h.credentials.clientId)).toBe(0);
  });

  it.each<[string, FaultSpec]>([
    ['HTTP 503 every time', { kind: 'status', status: 503, count: 10, path: IMPORT }],
    ['INTERNAL_ERROR every time', { kind: 'internal-error', count: 10, path: IMPORT }],
  ])('still calls %s unknown: a server error does not say how far the platform got', async (_n, fault) => {
    const h = await harness({ retry: { maxAttempts: 2, minDelayMs: 10, maxDelayMs: 20 } });
    h.sandbox.injectFaults([fault]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ outcomeUnknown: true, attempts: 2 });
  });
});

describe('readAnswer', () => {
  const read = (status: number, text: string) =>
    readAnswer('POST /menu/import', status, text, { envelope: true });

  it.each<[number, string, boolean]>([
    [200, '{"success":false,"error":"IMPORT_ERROR","message":"bad"}', false],
    [200, '{"success":false,"error":"VALIDATION_ERROR"}', false],
    [200, '{"success":false,"error":"RATE_LIMIT_EXCEEDED"}', false],
    [401, '{"success":false,"error":"INVALID_AUTH"}', false],
    [413, '<html>too large</html>', false],
    [200, '{"success":false,"error":"INTERNAL_ERROR"}', true],
    [200, '{"success":false,"error":"SOMETHING_NEW"}', true],
    [200, '{"success":false}', true],
    [200, '{"success":"false","error":"IMPORT_ERROR"}', true],
    [200, '[true]', true],
    [202, '', true],
    [502, '<html>bad gateway</html>', true],
    [503, '{"success":false,"error":"IMPORT_ERROR"}', true],
  ])('HTTP %i %s: may have applied = %s', (status, text, mayHaveApplied) => {
    const answer = read(status, text);
    expect(answer).toMatchObject({ ok: false, mayHaveApplied });
  });

  it('accepts only the boolean true as success', () => {
    expect(read(200, '{"success":true}')).toEqual({ ok: true, body: { success: true } });
    expect(read(200, '{"success":"true"}').ok).toBe(false);
  });

  it('reads an OAuth token answer, which has no success member, without the envelope rule', () => {
    const token = '{"access_token":"t","token_type":"Bearer","expires_in":3600}';
    expect(readAnswer('POST /oauth/token', 200, token, { envelope: false }).ok).toBe(true);
  });
});
