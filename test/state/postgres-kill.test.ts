import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import { openStateStore } from '../../src/state/open-store.js';
import type { TargetStore } from '../../src/state/store.js';
import { PAUSE_MARKER } from '../helpers/pause.js';
import { cafeMenu } from '../apply/menus.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { postgresAvailable, schemaUrl, sql, testSchema } from './postgres-fixture.js';

const available = await postgresAvailable();

const target = { baseUrl: 'https://platform.example', clientId: 'client-1', posUid: 'default' };
const STATE = pathToFileURL(path.join(REPO_ROOT, 'dist/state/index.js')).href;

/**
 * A real `node` process on the built store (dist/, built by `npm test`): `lock` takes the
 * target's lock and waits; `commit` marks the target uncertain (printing STARTED), then commits
 * `menu` over and over (printing COMMITTED after each), or stops inside the commit at the checkpoint named.
 */
const CHILD = `
const { openStateStore } = await import(${JSON.stringify(STATE)});
const [url, mode, menuJson, pauseAt] = process.argv.slice(1);
const checkpoint = async (point) => {
  if (point !== pauseAt) return;
  process.stderr.write(${JSON.stringify(PAUSE_MARKER)} + '=' + point + '\\n');
  await new Promise(() => setInterval(() => {}, 60000));
};
const store = await openStateStore(url, { checkpoint });
const t = store.target(${JSON.stringify(target)});
await t.lock();
if (mode === 'lock') { console.log('LOCKED'); setInterval(() => {}, 60000); }
else {
  await t.writeStatus({ uncertain: true, reason: 'import sent' });
  console.log('STARTED');
  const menu = JSON.parse(menuJson);
  for (let i = 0; ; i++) {
    const snapshot = { formatVersion: 2, menu, runId: 'child-' + i, mode: 'replace', appliedAt: new Date().toISOString() };
    const staged = await t.stageConfirmed({ snapshot, status: { uncertain: false } });
    await staged.commit();
    console.log('COMMITTED');
  }
}`;

function child(url: string, mode: 'lock' | 'commit', menu: CanonicalMenu | null, pauseAt?: string) {
  const env = { PATH: process.env.PATH };
  const proc = spawn(
    process.execPath,
    ['--input-type=module', '-e', CHILD, url, mode, JSON.stringify(menu), pauseAt ?? ''],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    proc.on('close', (_code, signal) => resolve(signal)),
  );
  onTestFinished(async () => {
    proc.kill('SIGKILL');
    await exited;
  });
  return { proc, exited, saw: (text: string) => seen(proc, text) };
}

/** Resolves once the child printed `text` (stdout or stderr); rejects if it exits first. */
function seen(proc: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve();
    };
    proc.stdout?.on('data', look);
    proc.stderr?.on('data', look);
    proc.on('close', () => reject(new Error(`child exited before "${text}": ${output}`)));
  });
}

async function openTarget(url: string): Promise<TargetStore> {
  const store = await openStateStore(url);
  onTestFinished(() => store.close());
  return store.target(target);
}

/**
 * The server ends a killed client's session as soon as it reads the closed socket: a few tries
 * cover the moment between the kill and that read, not a timeout.
 */
async function lockAfterKill(t: TargetStore) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await t.lock();
    } catch (error) {
      if (attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const priced = (price: number): CanonicalMenu => {
  const menu = cafeMenu(40);
  menu.products.forEach((product) => (product.price = price));
  return menu;
};

describe.skipIf(!available)('PostgreSQL store, holder killed with SIGKILL', () => {
  it('frees the lock the killed process held', async () => {
    const url = schemaUrl(testSchema());
    const t = await openTarget(url);
    const holder = child(url, 'lock', null);
    await holder.saw('LOCKED');
    await expect(t.lock()).rejects.toMatchObject({
      exitCode: 4,
      message: expect.stringMatching(
        new RegExp(`is locked by "menusync pid ${holder.proc.pid} on .+" since `),
      ),
    });
    holder.proc.kill('SIGKILL');
    expect(await holder.exited).toBe('SIGKILL');
    await (await lockAfterKill(t)).release();
  });

  it('keeps the old snapshot when killed inside the commit, and the target uncertain', async () => {
    const url = schemaUrl(testSchema());
    const t = await openTarget(url);
    const lock = await t.lock();
    const staged = await t.stageConfirmed({
      snapshot: { formatVersion: 2, menu: priced(1), runId: 'first', mode: 'replace', appliedAt: 'x' },
      status: { uncertain: false },
    });
    await staged.commit();
    await lock.release();

    const writer = child(url, 'commit', priced(2), 'before-rename');
    await writer.saw(`${PAUSE_MARKER}=before-rename`);
    writer.proc.kill('SIGKILL');
    await writer.exited;

    const next = await lockAfterKill(t);
    onTestFinished(() => next.release());
    expect((await t.readSnapshot())?.menu).toEqual(priced(1));
    expect((await t.readStatus()).uncertain).toBe(true);
    await t.recover();
    const schema = new URL(url).searchParams.get('schema')!;
    expect(await sql(`SELECT id FROM "${schema}".snapshots WHERE staged`)).toEqual([]);
  });

  it('leaves the old or the new snapshot, never a torn one, when killed at any moment', async () => {
    const url = schemaUrl(testSchema());
    const t = await openTarget(url);
    let before: CanonicalMenu | undefined;
    for (let round = 1; round <= 5; round++) {
      const writer = child(url, 'commit', priced(round));
      await writer.saw('STARTED');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
      writer.proc.kill('SIGKILL');
      await writer.exited;
      const lock = await lockAfterKill(t);
      // readSnapshot checks the hash against the bytes: a torn snapshot would throw here.
      const menu = (await t.readSnapshot())?.menu;
      expect([before, priced(round)]).toContainEqual(menu);
      before = menu;
      await lock.release();
    }
  });
});
