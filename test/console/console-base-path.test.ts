import { describe, expect, it } from 'vitest';
import { withApprovalLink } from '../../src/notify/approval-link.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { APPROVE_TOKEN, LINK_KEY, postForm, startConsoleWorld } from './console-world.js';

const BASE = '/menusync';

/** Every href, src and form action of a page, with the form's method. */
function linksOf(page: string): { url: string; post: boolean }[] {
  const found: { url: string; post: boolean }[] = [];
  for (const match of page.matchAll(/<(a|link|form)\b[^>]*?\s(href|action)="([^"]*)"[^>]*>/g)) {
    const post = match[1] === 'form' && /method="post"/.test(match[0]);
    found.push({ url: match[3]!.replace(/&amp;/g, '&'), post });
  }
  return found;
}

describe('menusync serve --base-path: behind a reverse proxy at a sub-path', () => {
  it('carries the prefix in every link, form, redirect and cookie, and every link resolves', async () => {
    const shop = { name: 'shop', client: 1, tags: ['north'] };
    const cafe = { name: 'cafe-bar', client: 2 };
    const w = await startConsoleWorld(testTempDir('console-base'), [cafe, shop]);
    expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
    await w.writeExport(shop, 4);
    expect((await w.run(['apply', '--target', 'shop', '--yes'])).code).toBe(3);
    const c = await w.serve(undefined, BASE);
    const origin = new URL(c.url).origin;
    expect(c.url).toBe(`${origin}${BASE}/`);

    // Outside the prefix there is nothing; a browser without a session goes to the prefixed sign-in.
    expect((await w.get(`${origin}/`)).status).toBe(404);
    expect((await w.get(`${origin}/menusyncx/`)).status).toBe(404);
    const anonymous = await fetch(c.url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(anonymous.headers.get('location')).toBe(`${BASE}/login`);

    const signIn = await postForm(`${origin}${BASE}/login`, { token: APPROVE_TOKEN });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe(`${BASE}/`);
    const setCookie = signIn.headers.get('set-cookie')!;
    expect(setCookie).toContain(`Path=${BASE};`);
    const cookie = setCookie.split(';')[0]!;

    // Crawl every page reachable from the fleet page, following every link and GET form.
    const seen = new Set<string>();
    const queue = [`${BASE}/`, `${BASE}/login`];
    const posts: string[] = [];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const response = await fetch(`${origin}${url}`, { headers: { cookie }, redirect: 'manual' });
      expect(response.status, url).toBe(200);
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) continue;
      for (const link of linksOf(await response.text())) {
        expect(link.url.startsWith(`${BASE}/`), `${link.url} on ${url}`).toBe(true);
        if (link.post) posts.push(link.url);
        else if (!link.url.endsWith('/logout')) queue.push(link.url);
      }
    }
    expect(seen.size).toBeGreaterThan(8);
    expect([...seen].some((url) => url.endsWith('/report'))).toBe(true);
    expect(posts).toContain(`${BASE}/logout`);
    expect(posts.some((url) => url.endsWith('/decision'))).toBe(true);

    // A manager's link, built from console.public_url as a worker builds it, opens under the prefix.
    const runId = /\/t\/shop\/runs\/([^/"]+)"/.exec(
      await (await fetch(`${origin}${BASE}/t/shop`, { headers: { cookie } })).text(),
    )![1]!;
    const event = withApprovalLink(
      { outcome: 'blocked', runId, target: 'shop' } as Parameters<typeof withApprovalLink>[0],
      { public_url: `${origin}${BASE}`, key: LINK_KEY },
    );
    expect(event.approval!.startsWith(`${origin}${BASE}/link/shop/`)).toBe(true);
    const linkPage = await fetch(event.approval!);
    expect(linkPage.status).toBe(200);
    const linkForms = linksOf(await linkPage.text());
    expect(linkForms.map((link) => link.url)).toContain(`${BASE}/link/shop/${runId}`);
    expect(linkForms.every((link) => link.url.startsWith(`${BASE}/`))).toBe(true);
  }, 60_000);

  it.each([
    [
      'a public_url under another path',
      'https://ops.example.com/console',
      BASE,
      /public_url .* is under \/console/,
    ],
    [
      'a public_url at the root',
      'https://ops.example.com/',
      BASE,
      /is under \/ but the console serves under \/menusync/,
    ],
    ['a base path that is not a path', undefined, 'menusync', /base path "menusync" is not a path/],
    ['a base path with a space', undefined, '/menu sync', /is not a path/],
  ])('refuses %s before listening', async (_name, publicUrl, basePath, message) => {
    const w = await startConsoleWorld(testTempDir('console-base'), [{ name: 'shop', client: 1 }]);
    await expect(w.serve(publicUrl, basePath)).rejects.toThrow(message);
  });
});
