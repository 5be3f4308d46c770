import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable, sql } from '../state/postgres-fixture.js';
import {
  APPROVE_TOKEN,
  VIEW_TOKEN,
  hiddenField,
  postForm,
  startConsoleWorld,
  type ConsoleWorld,
} from './console-world.js';
import { serveChild } from './serve-child.js';

const hasPostgres = await postgresAvailable();

type ConfigToken = { name: string; sha256: string; role: string };

/** GET as a browser with only the cookie: 200 with the page, or 303 to the sign-in form. */
async function asBrowser(
  url: string,
  cookie: string,
): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(url, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** What the state keeps of the sessions, as text: a state folder's file, or the PostgreSQL table. */
async function storedSessions(w: ConsoleWorld, postgres: boolean): Promise<string> {
  if (!postgres) return readFile(path.join(w.stateUrl, 'console-sessions.json'), 'utf8').catch(() => '');
  const schema = new URL(w.stateUrl).searchParams.get('schema')!;
  return JSON.stringify(await sql(`SELECT * FROM "${schema}".console_sessions`));
}

async function signInRestartSignOut(postgres: boolean): Promise<void> {
  const w = await startConsoleWorld(testTempDir('console-sessions'), [{ name: 'shop', client: 1 }], {
    postgres,
  });
  expect((await w.run(['apply', '--all', '--yes'])).code).toBe(0);
  const first = await serveChild(w, ['--base-path', '/ops/menusync']);
  const signIn = await postForm(`${first.url}login`, { token: APPROVE_TOKEN });
  expect(signIn.status).toBe(303);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const id = cookie.split('=')[1]!;
  expect((await asBrowser(first.url, cookie)).status).toBe(200);
  // The state holds the session's hash, never the cookie's value.
  const kept = await storedSessions(w, postgres);
  expect(kept).toContain('alice');
  expect(kept).not.toContain(id);
  expect(await first.stop()).toBe(0);

  // A new process on the same state: the browser is still signed in.
  const second = await serveChild(w, ['--base-path', '/ops/menusync']);
  expect(second.url).not.toBe(first.url);
  const fleet = await asBrowser(second.url, cookie);
  expect(fleet.status, fleet.text).toBe(200);
  expect(fleet.text).toContain('alice (approve)');
  const signOut = await postForm(
    `${second.url}logout`,
    { csrf: hiddenField(fleet.text, 'csrf') },
    { cookie },
  );
  expect(signOut.status).toBe(303);
  expect(signOut.headers.get('location')).toBe('/ops/menusync/login');
  expect(signOut.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  // The cookie, kept (stolen) after signing out, is refused: by this process and by the next.
  const replayed = await asBrowser(second.url, cookie);
  expect(replayed.status).toBe(303);
  expect(replayed.location).toBe('/ops/menusync/login');
  expect(await storedSessions(w, postgres)).not.toContain('alice');
  expect(await second.stop()).toBe(0);
  const third = await serveChild(w, ['--base-path', '/ops/menusync']);
  expect((await asBrowser(third.url, cookie)).status).toBe(303);
  // A made-up cookie is refused without a look-up error.
  expect((await asBrowser(third.url, 'menusync_session=../../etc/passwd')).status).toBe(303);
  expect(third.stderr()).not.toContain(id);
  expect(await third.stop()).toBe(0);
}

describe('menusync serve: a signed-in browser across a restart', () => {
  it.each([
    ['taken out of the config', (tokens: ConfigToken[]) => tokens.filter((t) => t.name !== 'viewer')],
    [
      'replaced by another of the same name',
      (tokens: ConfigToken[]) =>
        tokens.map((t) =>
          t.name === 'viewer' ? { ...t, sha256: createHash('sha256').update('new').digest('hex') } : t,
        ),
    ],
  ])('ends the sessions of a token %s', async (_name, change) => {
    const w = await startConsoleWorld(testTempDir('console-sessions'), [{ name: 'shop', client: 1 }]);
    const first = await w.serve();
    const signIn = await postForm(`${first.url}login`, { token: VIEW_TOKEN });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await asBrowser(first.url, cookie)).status).toBe(200);
    await first.close();
    const config = parse(await readFile(w.config, 'utf8')) as { console: { tokens: ConfigToken[] } };
    config.console.tokens = change(config.console.tokens);
    await writeFile(w.config, stringify(config));
    const second = await w.serve();
    expect((await asBrowser(second.url, cookie)).status).toBe(303);
    expect(await storedSessions(w, false)).not.toContain('viewer');
  });

  it(
    'stays signed in over a state folder, and a sign-out ends the session for good',
    () => signInRestartSignOut(false),
    60_000,
  );
  it.runIf(hasPostgres)('the same over PostgreSQL', () => signInRestartSignOut(true), 60_000);
});
