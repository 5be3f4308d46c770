import { describe, expect, it } from 'vitest';
import { approvalPath, newClaims } from '../../src/notify/approval-link.js';
import { testTempDir } from '../helpers/temp-dir.js';
import {
  APPROVE_TOKEN,
  hiddenField,
  LINK_KEY,
  postForm,
  startConsoleWorld,
  VIEW_TOKEN,
  type ConsoleTargetSpec,
  type ConsoleWorld,
} from './console-world.js';

const EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>';
const shop: ConsoleTargetSpec = { name: 'shop', client: 1 };

/** A world whose shop was synced with 10 products, then blocked by the delete guard (4 left in its export). */
async function blockedWorld(): Promise<{ w: ConsoleWorld; runId: string; url: string }> {
  const w = await startConsoleWorld(testTempDir('console-hostile'), [shop]);
  await w.writeExport(shop, 10, (i) => `${EVIL} ${i}`);
  expect((await w.run(['apply', '--target', 'shop', '--yes'])).code).toBe(0);
  await w.writeExport(shop, 4, (i) => `${EVIL} ${i}`);
  expect((await w.run(['apply', '--target', 'shop', '--yes'])).code).toBe(3);
  const c = await w.serve();
  const target = await w.get(`${c.url}t/shop`);
  const runId = [...target.text.matchAll(/\/t\/shop\/runs\/([^"]+)"/g)].map((m) => m[1]!)[0]!;
  return { w, runId, url: c.url };
}

const link = (url: string, runId: string, change: { hours?: number; target?: string; key?: string } = {}) => {
  const claims = newClaims(change.target ?? 'shop', runId, change.hours ?? 1, new Date());
  return `${url.replace(/\/$/, '')}${approvalPath(claims, change.key ?? LINK_KEY)}`;
};

describe('menusync serve: hostile requests', () => {
  it('refuses forged, expired and replayed links, a view token, and a decision without CSRF; escapes HTML', async () => {
    const { w, runId, url } = await blockedWorld();
    // Forged: signed with another key, or for another run than it names.
    expect((await w.get(link(url, runId, { key: 'x'.repeat(40) }), null)).status).toBe(403);
    const genuine = link(url, runId);
    expect(
      (
        await w.get(
          genuine.replace(
            runId,
            runId.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
          ),
          null,
        )
      ).status,
    ).toBe(403);
    // Expired: signed valid an hour ago.
    const expired = new URL(link(url, runId));
    const claims = newClaims('shop', runId, 1, new Date(Date.now() - 2 * 3600_000));
    expect((await w.get(`${expired.origin}${approvalPath(claims, LINK_KEY)}`, null)).text).toContain(
      'expired',
    );
    // The run page escapes the menu's names: no markup of theirs reaches the page.
    const page = await w.get(genuine, null);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>');
    expect(page.text).not.toContain('<img');
    expect(page.text).toContain('&lt;script&gt;');
    // A decision without the form's CSRF token, or with another link's, is refused.
    const fields = {
      e: hiddenField(page.text, 'e'),
      n: hiddenField(page.text, 'n'),
      s: hiddenField(page.text, 's'),
    };
    const target = new URL(genuine).pathname;
    expect(
      (await postForm(`${url}${target.slice(1)}`, { ...fields, decision: 'reject', by: 'Mallory' })).status,
    ).toBe(403);
    // A view token may not decide, even with its own CSRF token.
    const asViewer = await w.get(`${url}t/shop/runs/${runId}`, VIEW_TOKEN);
    expect(asViewer.text).not.toContain('value="approve"');
    const viewerCsrf = hiddenField(asViewer.text, 'csrf');
    const refused = await postForm(
      `${url}t/shop/runs/${runId}/decision`,
      { csrf: viewerCsrf, decision: 'approve' },
      { token: VIEW_TOKEN },
    );
    expect(refused.status).toBe(403);
    // The approve token without the CSRF token: refused too.
    expect(
      (
        await postForm(
          `${url}t/shop/runs/${runId}/decision`,
          { decision: 'approve' },
          { token: APPROVE_TOKEN },
        )
      ).status,
    ).toBe(403);
    // The manager rejects with the link; replayed, the link decides nothing more.
    const csrf = hiddenField(page.text, 'csrf');
    const rejected = await postForm(`${url}${target.slice(1)}`, {
      ...fields,
      csrf,
      decision: 'reject',
      by: 'Maria <b>',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.text).toContain('rejected by Maria &lt;b&gt; (signed link)');
    const replayed = await postForm(`${url}${target.slice(1)}`, {
      ...fields,
      csrf,
      decision: 'approve',
      by: 'Maria',
    });
    expect(replayed.status).toBe(409);
    expect(replayed.text).toContain('already rejected');
    expect(w.platformProducts(1)).toBe(10);
  }, 60_000);

  it('answers odd paths and page numbers without leaking anything', async () => {
    const { w, runId, url } = await blockedWorld();
    for (const path of [
      't/..%2Fx',
      't/../x',
      't/%2e%2e%2F%2e%2e%2Fetc%2Fpasswd',
      `t/shop/runs/..%2F..%2F${runId}`,
      't/%E0%A4%A',
      `link/..%2Fx/${runId}`,
    ]) {
      const answer = await w.get(`${url}${path}`);
      expect([400, 403, 404], path).toContain(answer.status);
    }
    const huge = await w.get(`${url}?page=99999999999999999999999`);
    expect(huge.status).toBe(200);
    expect(huge.text).toContain('Page 1 of 1');
    const fleet = await w.get(`${url}?q=${encodeURIComponent('"><script>')}`);
    expect(fleet.text).not.toContain('"><script>');
    // Nothing secret on any page: no token, no key, no client secret.
    const pages = await Promise.all(
      ['', 't/shop', `t/shop/runs/${runId}`, `t/shop/runs/${runId}/report`, 'metrics'].map((p) =>
        w.get(`${url}${p}`),
      ),
    );
    for (const answer of pages) {
      expect(answer.status).toBe(200);
      for (const secret of [VIEW_TOKEN, APPROVE_TOKEN, LINK_KEY, 'client-1-secret'])
        expect(answer.text).not.toContain(secret);
    }
    const headers = pages[0]!.headers;
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(pages[3]!.headers.get('content-security-policy')).toContain('sandbox');
  }, 60_000);

  it('asks for a token: none is 401 or the sign-in form, a wrong one is logged', async () => {
    const w = await startConsoleWorld(testTempDir('console-auth'), [shop]);
    const c = await w.serve();
    expect((await w.get(c.url, null)).status).toBe(401);
    const browser = await fetch(c.url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe('/login');
    expect((await w.get(c.url, 'not-a-token')).status).toBe(401);
    // Another site cannot sign this browser in (the sign-in form's CSRF check): no session is made.
    const crossSite: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const forged = await fetch(`${c.url}login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ token: APPROVE_TOKEN }).toString(),
        redirect: 'manual',
      });
      expect(forged.status).toBe(403);
      expect(forged.headers.get('set-cookie')).toBeNull();
    }
    const failed = await postForm(`${c.url}login`, { token: 'wrong' });
    expect(failed.status).toBe(401);
    const signedIn = await postForm(`${c.url}login`, { token: APPROVE_TOKEN });
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const fleet = await fetch(c.url, { headers: { cookie: cookie.split(';')[0]! } });
    expect(fleet.status).toBe(200);
    expect(await fleet.text()).toContain('alice (approve)');
    const log = (c as unknown as { logged: string[] }).logged.join('\n');
    expect(log).toMatch(/unknown token/);
    expect(log).toMatch(/login failed/);
    expect(log).toMatch(/sign-in posted from another site was refused/);
    expect(log).not.toContain('wrong');
    expect((await w.get(`${c.url}healthz`, null)).text).toBe('ok\n');
  }, 60_000);
});
