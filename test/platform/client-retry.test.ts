import { describe, expect, it } from 'vitest';
import { FatalPlatformError, PlatformError, RetriablePlatformError } from '../../src/platform/errors.js';
import type { FaultSpec } from '../../src/sandbox/faults.js';
import { harness, smallMenu } from './fixture.js';

const IMPORT = '/menu/import';

describe('platform client retries', () => {
  it.each<[string, FaultSpec]>([
    ['HTTP 408', { kind: 'status', status: 408, count: 2, path: IMPORT }],
    ['HTTP 429', { kind: 'status', status: 429, count: 2, path: IMPORT }],
    ['HTTP 500', { kind: 'status', status: 500, count: 2, path: IMPORT }],
    ['HTTP 502', { kind: 'status', status: 502, count: 2, path: IMPORT }],
    ['HTTP 503', { kind: 'status', status: 503, count: 2, path: IMPORT }],
    ['HTTP 504', { kind: 'status', status: 504, count: 2, path: IMPORT }],
    ['RATE_LIMIT_EXCEEDED', { kind: 'rate-limit', count: 2, path: IMPORT }],
    ['INTERNAL_ERROR', { kind: 'internal-error', count: 2, path: IMPORT }],
    ['a connection reset', { kind: 'reset', count: 2, path: IMPORT }],
    ['a timeout', { kind: 'delay', ms: 1_000, count: 2, path: IMPORT }],
  ])('succeeds on the third attempt after two failures of %s', async (_name, fault) => {
    const h = await harness({ requestTimeoutMs: 300 });
    h.sandbox.injectFaults([fault]);
    const result = await h.client.importMenu(smallMenu());
    expect(result).toEqual({ success: true, attempts: 3 });
    expect(h.hits(IMPORT)).toHaveLength(3);
    expect(h.hits(IMPORT)[2]?.status).toBe(200);
  });

  it('honours Retry-After before the next attempt', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'status', status: 429, retryAfterSeconds: 1, path: IMPORT }]);
    const result = await h.client.importMenu(smallMenu());
    expect(result.attempts).toBe(2);
    expect(h.logs).toContain('POST /menu/import: HTTP 429; retrying in 1 s (Retry-After), attempt 2 of 5');
  });

  it('announces each retry with its reason, wait and attempt number, and why it gave up', async () => {
    const notices: [string, string][] = [];
    const h = await harness({
      retry: { maxAttempts: 3, minDelayMs: 10, maxDelayMs: 10 },
      notice: (message, kind) => notices.push([kind, message]),
    });
    h.sandbox.injectFaults([
      { kind: 'rate-limit', path: IMPORT },
      { kind: 'status', status: 503, count: 5, path: IMPORT },
    ]);
    await h.client.importMenu(smallMenu()).catch(() => undefined);
    expect(notices).toEqual([
      ['retrying', 'POST /menu/import: RATE_LIMIT_EXCEEDED; retrying in 0 s, attempt 2 of 3'],
      ['retrying', 'POST /menu/import: HTTP 503; retrying in 0 s, attempt 3 of 3'],
      ['giving-up', 'POST /menu/import: HTTP 503; giving up after attempt 3 of 3: no attempts left'],
    ]);
  });

  it('says so when a Retry-After is longer than the budget left', async () => {
    const notices: string[] = [];
    const h = await harness({ notice: (message) => notices.push(message) });
    h.sandbox.injectFaults([{ kind: 'status', status: 429, retryAfterSeconds: 3600, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, attempts: 1 });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /^POST \/menu\/import: HTTP 429; giving up after attempt 1 of 5: Retry-After asks to wait 3600 s, more than the 10 s left of the 10 s retry budget$/,
    );
  });

  it('gives up at once when the backoff alone would pass the time budget', async () => {
    const notices: string[] = [];
    const h = await harness({
      retry: { maxRetryTimeMs: 300, minDelayMs: 400, maxDelayMs: 400 },
      notice: (message) => notices.push(message),
    });
    h.sandbox.injectFaults([{ kind: 'status', status: 503, count: 5, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, attempts: 1 });
    expect(notices).toEqual([
      'POST /menu/import: HTTP 503; giving up after attempt 1 of 5: the next try (in 0.4 s) would come after the 0.3 s retry budget ends',
    ]);
  });

  it('names the token endpoint when it is the token request that failed', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'status', status: 503, path: '/oauth/token' }]);
    await h.client.importMenu(smallMenu());
    expect(
      h.logs.some((line) => /^POST \/menu\/import: POST \/oauth\/token: HTTP 503 .*; retrying in/.test(line)),
    ).toBe(true);
  });

  it('stops when the time budget cannot fit another Retry-After wait', async () => {
    const h = await harness({
      retry: { maxRetryTimeMs: 1_500, maxAttempts: 10, minDelayMs: 10, maxDelayMs: 50 },
    });
    h.sandbox.injectFaults([{ kind: 'status', status: 503, retryAfterSeconds: 1, count: 10, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetriablePlatformError);
    // attempt 1 at ~0 s, wait 1 s, attempt 2 at ~1 s: another 1 s wait would pass the 1.5 s budget
    expect(error).toMatchObject({ status: 503, attempts: 2 });
    expect(h.hits(IMPORT)).toHaveLength(2);
  });

  it('does not wait at all when Retry-After alone exceeds the budget', async () => {
    const h = await harness({ retry: { maxRetryTimeMs: 1_500, minDelayMs: 10, maxDelayMs: 50 } });
    h.sandbox.injectFaults([{ kind: 'status', status: 503, retryAfterSeconds: 30, count: 10, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, attempts: 1 });
  });

  it('stops after maxAttempts and reports the proxy answer briefly', async () => {
    const h = await harness({ retry: { maxAttempts: 3, minDelayMs: 10, maxDelayMs: 50 } });
    h.sandbox.injectFaults([{ kind: 'status', status: 502, count: 10, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetriablePlatformError);
    expect(error).toMatchObject({ status: 502, attempts: 3 });
    expect((error as Error).message).toMatch(/HTTP 502 with a non-JSON body: "<html>/);
    expect(h.hits(IMPORT)).toHaveLength(3);
  });
});

describe('platform client fatal errors', () => {
  it.each<[string, (h: Awaited<ReturnType<typeof harness>>) => Promise<unknown>, string, number]>([
    [
      'IMPORT_ERROR',
      (h) => {
        h.sandbox.injectFaults([{ kind: 'import-error', message: 'category C9 unknown' }]);
        return h.client.importMenu(smallMenu());
      },
      'IMPORT_ERROR',
      200,
    ],
    [
      'an invalid menu',
      (h) => h.client.importMenu({ ...smallMenu(), products: [{ ext_id: 'P1', category_ext_id: 'NOPE' }] }),
      'IMPORT_ERROR',
      200,
    ],
    [
      'VALIDATION_ERROR',
      (h) => h.client.importMenu({ ...smallMenu(), update_mode: 'upsert' as 'merge' }),
      'VALIDATION_ERROR',
      200,
    ],
    [
      'MISSING_PARAMETER',
      (h) => h.client.importMenu({ ...smallMenu(), pos_uid: '' }),
      'MISSING_PARAMETER',
      200,
    ],
    [
      'HTTP 403 with the OAuth body',
      (h) => {
        h.sandbox.injectFaults([{ kind: 'status', status: 403, path: IMPORT }]);
        return h.client.importMenu(smallMenu());
      },
      'insufficient_scope',
      403,
    ],
    [
      'HTTP 409',
      (h) => {
        h.sandbox.injectFaults([{ kind: 'status', status: 409, code: 'CONFLICT', path: IMPORT }]);
        return h.client.importMenu(smallMenu());
      },
      'CONFLICT',
      409,
    ],
  ])('makes one attempt and fails with a typed error on %s', async (_name, act, code, status) => {
    const h = await harness();
    const error = await act(h).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalPlatformError);
    expect(error).toMatchObject({ code, status, attempts: 1, outcomeUnknown: false, retriable: false });
    expect((error as Error).message).toContain(code);
    expect(h.hits(IMPORT)).toHaveLength(1);
  });

  it('reports the invalid paths of a rejected menu in the message', async () => {
    const h = await harness();
    const error = await h.client
      .importMenu({ ...smallMenu(), products: [{ ext_id: 'P1', category_ext_id: 'NOPE' }] })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('products[ext_id=P1].category_ext_id');
  });

  it('fails once with 401 INVALID_AUTH in headers mode', async () => {
    const h = await harness({ auth: 'headers' });
    h.sandbox.injectFaults([{ kind: 'status', status: 401, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_AUTH', status: 401, attempts: 1 });
  });

  it('fails once with 413 when the body is over the size limit', async () => {
    const h = await harness({}, { maxImportBytes: 1_000 });
    // big enough that the sandbox answers while the body is still being sent
    const products = Array.from({ length: 20_000 }, (_, i) => ({ ext_id: `P${i}`, name: 'x'.repeat(50) }));
    const error = await h.client
      .importMenu({ pos_uid: 'pos-1', update_mode: 'merge', products })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalPlatformError);
    expect(error).toMatchObject({ status: 413, attempts: 1 });
  });
});

describe('platform client outcome of imports', () => {
  it.each(['oauth', 'headers'] as const)(
    'knows nothing was applied when the connection is refused (%s)',
    async (auth) => {
      const h = await harness({ auth, retry: { maxAttempts: 2, minDelayMs: 10, maxDelayMs: 50 } });
      await h.sandbox.close();
      const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RetriablePlatformError);
      expect(error).toMatchObject({ code: 'NETWORK_ERROR', attempts: 2, outcomeUnknown: false });
      expect((error as Error).message).toContain('ECONNREFUSED');
    },
  );

  it('retries a failing token endpoint within the same budget', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'status', status: 503, count: 2, path: '/oauth/token' }]);
    expect(await h.client.importMenu(smallMenu())).toEqual({ success: true, attempts: 3 });
    expect(h.hits('/oauth/token').map((r) => r.status)).toEqual([503, 503, 200]);
    expect(h.hits(IMPORT)).toHaveLength(1);
  });

  it('marks the outcome unknown when the answer to an applied import is lost', async () => {
    const h = await harness({ retry: { maxAttempts: 1 } });
    h.sandbox.injectFaults([{ kind: 'lost-after-apply' }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ outcomeUnknown: true, attempts: 1 });
    expect(h.sandbox.importCount(h.credentials.clientId)).toBe(1);
  });

  it('keeps the outcome unknown when a later attempt is rejected', async () => {
    const h = await harness({ requestTimeoutMs: 300 });
    h.sandbox.injectFaults([{ kind: 'delay', ms: 1_000, path: IMPORT }, { kind: 'import-error' }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'IMPORT_ERROR', attempts: 2, outcomeUnknown: true });
  });

  it('knows nothing was applied when every attempt was refused', async () => {
    const h = await harness({ retry: { maxAttempts: 2, minDelayMs: 10, maxDelayMs: 50 } });
    h.sandbox.injectFaults([{ kind: 'status', status: 429, count: 5, path: IMPORT }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toMatchObject({ outcomeUnknown: false, attempts: 2 });
  });

  it('succeeds after a lost answer when the retry is answered', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'lost-after-apply' }]);
    expect(await h.client.importMenu(smallMenu())).toEqual({ success: true, attempts: 2 });
  });
});
