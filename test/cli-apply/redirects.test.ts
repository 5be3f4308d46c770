import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { SECRET_PATTERN } from '../helpers/secrets.js';
import { menuCsv, startWorld, type CliWorld } from './fixture.js';

/**
 * A redirect on any platform call is refused: fetch would send the same form body (client_secret)
 * or header (x-client-secret) wherever Location says. `other` is a second server on another port,
 * so another origin; it must see no request at all.
 */
let w: CliWorld;
let other: SandboxHandle;
beforeEach(async () => {
  w = await startWorld();
  other = await startSandbox();
});
afterEach(async () => {
  await other.close();
  await w.close();
});

function expectNoSecret(text: string): void {
  expect(text).not.toMatch(SECRET_PATTERN);
  expect(text).not.toContain(w.env.MENUSYNC_CLIENT_SECRET);
}

describe('redirects from the platform', () => {
  it.each([307, 308] as const)(
    'does not carry the OAuth form to another origin (%i on the token)',
    async (status) => {
      w.sandbox.injectFaults([
        { kind: 'redirect', status, location: `${other.url}/oauth/token`, path: '/oauth/token' },
      ]);
      const input = await w.writeExport('menu.csv', menuCsv(5));
      const result = await w.run(w.args('apply', input, '--yes'));
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        `POST /oauth/token: HTTP ${status} redirects to another origin, ${new URL(other.url).origin}`,
      );
      expect(result.stderr).toMatch(/follows no redirect/);
      expect(other.requests).toEqual([]);
      expect(w.imports()).toBe(0);
      expectNoSecret(result.stdout + result.stderr);
    },
  );

  it('does not carry x-client-secret to another origin in headers mode', async () => {
    w.sandbox.injectFaults([
      { kind: 'redirect', status: 302, location: `${other.url}/menu/categories`, path: '/menu/categories' },
    ]);
    const result = await w.run(['remote', 'categories', '--auth', 'headers', '--max-attempts', '3']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/HTTP 302 redirects to another origin/);
    expect(other.requests).toEqual([]);
    // Refused, not retried: a redirect answers the same way every time.
    expect(w.sandbox.requests.filter((r) => r.path.endsWith('/menu/categories'))).toHaveLength(1);
    expectNoSecret(result.stdout + result.stderr);
  });

  it('follows no redirect on the same origin either (the interface has none)', async () => {
    const moved = `${new URL(w.sandbox.url).pathname.replace(/\/$/, '')}/v2/menu/import`;
    w.sandbox.injectFaults([{ kind: 'redirect', status: 307, location: moved, path: '/menu/import' }]);
    const input = await w.writeExport('menu.csv', menuCsv(5));
    const result = await w.run(w.args('apply', input, '--yes'));
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/HTTP 307 redirects to another path on http:\/\/127\.0\.0\.1:\d+/);
    expect(w.sandbox.requests.filter((r) => r.path.includes('/v2/'))).toEqual([]);
    expect(w.sandbox.exportMenu(w.clientId).products).toHaveLength(0);
    expectNoSecret(result.stdout + result.stderr);
  });
});
