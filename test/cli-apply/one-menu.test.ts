import { access, cp, readdir, rename, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legacyTargetKey } from '../../src/state/local/legacy-key.js';
import { readSnapshot } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { DEMO_MAPPING, menuCsv, startWorld, type CliWorld } from './fixture.js';

// One menu per restaurant: the platform's replace sets the client's whole menu
// whatever pos_uid says, so the state is kept per base URL and client id.

let w: CliWorld;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const client = () => ({ baseUrl: w.sandbox.url, clientId: w.clientId });
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A config of two targets of the world's client (pos_uid bar and terrace), each with `extra` lines. */
async function twoTargets(bar: string[], terrace: string[]): Promise<void> {
  await w.writeExport('a.csv', menuCsv(4));
  const target = (name: string, pos: string, extra: string[]) => [
    `  ${name}:`,
    `    mapping: ${JSON.stringify(DEMO_MAPPING)}`,
    '    inputs: [a.csv]',
    `    base_url: ${w.sandbox.url}`,
    `    client_id: ${w.clientId}`,
    `    pos_uid: ${pos}`,
    ...extra,
  ];
  await writeFile(
    path.join(w.dir, 'menusync.config.yaml'),
    ['targets:', ...target('bar', 'bar', bar), ...target('terrace', 'terrace', terrace)].join('\n'),
  );
}

/**
 * The state folder an older menusync left: an apply's folder renamed to the name that version
 * gave it (base URL, client id and pos_uid), with the target.json it wrote.
 */
async function asOlderVersionLeftIt(posUid: string): Promise<string> {
  const old = path.join(w.stateDir, legacyTargetKey({ ...client(), posUid }));
  await rename(targetDir(w.stateDir, client()), old);
  await writeFile(path.join(old, 'target.json'), JSON.stringify({ ...client(), posUid }));
  return old;
}

describe('two config targets of one client', () => {
  it('are refused with exit 2, naming both, before anything is read or sent', async () => {
    await twoTargets([], []);
    const result = await w.run(['apply', '--target', 'bar', '--yes']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /menusync\.config\.yaml:\d+: targets "bar" and "terrace" write the same platform menu \(client .+\).*give both the same "menu: NAME"/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(w.imports()).toBe(0);
  });

  it('are refused when they name different menus', async () => {
    await twoTargets(['    menu: bar'], ['    menu: terrace']);
    const result = await w.run(['plan', '--target', 'bar']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/targets "bar" and "terrace" .*they name different menus \(bar, terrace\)/);
  });

  it('are one menu with one baseline when both say the same menu: NAME', async () => {
    await twoTargets(['    menu: main'], ['    menu: main']);
    const applied = await w.run(['apply', '--target', 'bar', '--state', 'state']);
    expect(applied.code, applied.stderr).toBe(0);
    const planned = await w.run(['plan', '--target', 'terrace', '--state', 'state']);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/^no changes/);
    expect(await readdir(w.stateDir)).toEqual([path.basename(targetDir(w.stateDir, client()))]);
  });
});

describe('a state folder of an older menusync (keyed by base URL, client id and pos_uid)', () => {
  it('is adopted with one line on stderr, and its snapshot stays the baseline', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    const old = await asOlderVersionLeftIt('default');
    const planned = await w.run(w.args('plan', input));
    expect(planned.code, planned.stderr).toBe(0);
    const moved = planned.stderr.split('\n').filter((line) => line.includes('moved'));
    expect(moved).toEqual([
      `state: moved ${old} to ${targetDir(w.stateDir, client())}: menusync now keeps one state per base URL and client id (the platform's menu), whatever pos_uid is sent`,
    ]);
    expect(planned.stdout).toMatch(/^no changes/);
    expect(await exists(old)).toBe(false);
    expect((await readSnapshot(targetDir(w.stateDir, client())))?.menu.products).toHaveLength(5);
    // Adopted once: the next runs say nothing of it, and apply has nothing to send.
    const applied = await w.run(w.args('apply', input));
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).not.toMatch(/moved/);
    expect(applied.stdout).toMatch(/^no changes/);
    expect(w.imports()).toBe(1);
    // The lock went with the adoption: nothing is left locked.
    expect(await exists(path.join(targetDir(w.stateDir, client()), 'lock'))).toBe(false);
  });

  it('is refused with exit 2 naming them when the client has several (one per pos_uid)', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    const bar = await asOlderVersionLeftIt('bar');
    const terrace = path.join(w.stateDir, legacyTargetKey({ ...client(), posUid: 'terrace' }));
    await cp(bar, terrace, { recursive: true });
    await writeFile(path.join(terrace, 'target.json'), JSON.stringify({ ...client(), posUid: 'terrace' }));
    const result = await w.run(w.args('apply', input, '--yes'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `holds 2 folders of client ${w.clientId} at ${w.sandbox.url} from older versions of menusync (one per pos_uid, or per spelling of the base URL): ${[path.basename(bar), path.basename(terrace)].sort().join(', ')}`,
    );
    expect(result.stderr).toMatch(/^hint: the platform keeps one menu per client/m);
    expect(w.imports()).toBe(1);
    expect(await exists(bar)).toBe(true);
    expect(await exists(terrace)).toBe(true);
  });

  it('is left alone (exit 4) while a live older run holds its lock', async () => {
    const input = await w.writeExport('a.csv', menuCsv(5));
    expect((await w.run(w.args('apply', input))).code).toBe(0);
    const old = await asOlderVersionLeftIt('default');
    // This test process is alive on this host: the lock is a live one.
    const lock = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
    await writeFile(path.join(old, 'lock'), JSON.stringify(lock));
    const result = await w.run(w.args('apply', input));
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/locked by process/);
    expect(await exists(old)).toBe(true);
    expect(w.imports()).toBe(1);
  });
});
