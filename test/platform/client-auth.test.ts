import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src/platform/client.js';
import { FatalPlatformError } from '../../src/platform/errors.js';
import { redact } from '../../src/secrets.js';
import { harness, smallMenu } from './fixture.js';

describe('platform client authentication', () => {
  it('fetches one OAuth token and reuses it for later calls', async () => {
    const h = await harness();
    await h.client.importMenu(smallMenu());
    await h.client.listCategories();
    await h.client.importMenu(smallMenu());
    expect(h.hits('/oauth/token')).toHaveLength(1);
    expect(h.hits('/menu/import')).toHaveLength(2);
  });

  it('renews the token ahead of expiry, counting from when it was requested', async () => {
    let now = 1_000_000;
    const h = await harness({ now: () => now });
    // expires_in 120 s: the renewal margin is capped at half the lifetime (60 s)
    h.sandbox.injectFaults([{ kind: 'token-lifetime', seconds: 120 }]);
    await h.client.importMenu(smallMenu());
    now += 59_000;
    await h.client.importMenu(smallMenu());
    expect(h.hits('/oauth/token')).toHaveLength(1);
    now += 2_000;
    await h.client.importMenu(smallMenu());
    expect(h.hits('/oauth/token')).toHaveLength(2);
  });

  it('counts the token lifetime from the request, not from the answer', async () => {
    const start = 1_000_000;
    let now = start;
    const h = await harness({ now: () => now }, { tokenLifetimeSeconds: 120 });
    // The token answer takes 300 ms of real time, during which the injected clock jumps 59 s.
    h.sandbox.injectFaults([{ kind: 'delay', ms: 300, path: '/oauth/token' }]);
    setTimeout(() => (now = start + 59_000), 50);
    await h.client.importMenu(smallMenu());
    // requested at `start`: renew at start + 120 s - 60 s margin, although it arrived at start + 59 s
    now = start + 61_000;
    await h.client.importMenu(smallMenu());
    expect(h.hits('/oauth/token')).toHaveLength(2);
  });

  it('registers the client secret for redaction as soon as the client exists', async () => {
    const h = await harness();
    expect(redact(`secret=${h.credentials.clientSecret}`)).toBe('secret=[REDACTED]');
  });

  it('gets a new token once and retries once after invalid_token', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'invalid-token', path: '/menu/import' }]);
    const result = await h.client.importMenu(smallMenu());
    expect(result.attempts).toBe(2);
    expect(h.hits('/oauth/token')).toHaveLength(2);
    expect(h.hits('/menu/import').map((r) => r.status)).toEqual([401, 200]);
  });

  it('gives up with invalid_token when the renewed token is refused too', async () => {
    const h = await harness();
    h.sandbox.injectFaults([{ kind: 'invalid-token', path: '/menu/import', count: 5 }]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalPlatformError);
    expect(error).toMatchObject({ code: 'invalid_token', status: 401, attempts: 2 });
    expect(h.hits('/menu/import')).toHaveLength(2);
  });

  it('sends X-Client-Id and X-Client-Secret in headers mode, without any token', async () => {
    const h = await harness({ auth: 'headers' });
    const result = await h.client.importMenu(smallMenu());
    expect(result).toEqual({ success: true, attempts: 1 });
    expect(h.hits('/oauth/token')).toHaveLength(0);
    expect(h.sandbox.exportMenu(h.credentials.clientId).products).toHaveLength(1);
  });

  it.each([
    ['oauth', 'invalid_client'],
    ['headers', 'INVALID_AUTH'],
  ] as const)('fails once with a typed error on a wrong secret (%s)', async (auth, code) => {
    const h = await harness();
    const client = createPlatformClient({
      baseUrl: h.sandbox.url,
      auth,
      credentials: { clientId: h.credentials.clientId, clientSecret: 'sbx_cs_00000000deadbeef' },
      retry: { minDelayMs: 10, maxDelayMs: 50 },
    });
    const error = await client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalPlatformError);
    expect(error).toMatchObject({ code, status: 401, attempts: 1 });
    expect(h.sandbox.requests).toHaveLength(1);
  });

  it('never puts the secret or the token in errors or log messages', async () => {
    const h = await harness();
    h.sandbox.injectFaults([
      { kind: 'status', status: 503, path: '/menu/import' },
      { kind: 'invalid-token', path: '/menu/import' },
      { kind: 'import-error', message: 'rejected', path: '/menu/import' },
    ]);
    const error = await h.client.importMenu(smallMenu()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalPlatformError);
    const seen = JSON.stringify([
      String(error),
      (error as Error).stack,
      h.logs,
      Object.entries(error as object),
    ]);
    expect(h.logs.length).toBeGreaterThan(0);
    expect(seen).not.toContain(h.credentials.clientSecret);
    expect(seen).not.toMatch(/sbx_at_[0-9a-f]+/);
    expect(seen).not.toMatch(/Bearer /);
  });
});

describe('platform client prepare', () => {
  it('fetches the token ahead, and the calls that follow use it', async () => {
    const h = await harness();
    await h.client.prepare?.();
    expect(h.hits('/oauth/token')).toHaveLength(1);
    await h.client.importMenu(smallMenu());
    expect(h.hits('/oauth/token')).toHaveLength(1);
  });

  it('shares one token request with a call made while it is out', async () => {
    const h = await harness();
    await Promise.all([h.client.prepare?.(), h.client.importMenu(smallMenu())]);
    expect(h.hits('/oauth/token')).toHaveLength(1);
  });

  it('does not fail on refused credentials: the call that needs the token does', async () => {
    const h = await harness();
    const refused = createPlatformClient({
      baseUrl: h.sandbox.url,
      auth: 'oauth',
      credentials: { ...h.credentials, clientSecret: `${h.credentials.clientSecret}x` },
      retry: { maxAttempts: 1 },
    });
    await expect(refused.prepare?.()).resolves.toBeUndefined();
    await expect(refused.importMenu(smallMenu())).rejects.toMatchObject({ code: 'invalid_client' });
  });
});
