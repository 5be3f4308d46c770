import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/state/atomic-write.js';
import { readSnapshot, readStatus, writeSnapshot, type MenuSnapshot } from '../../src/state/snapshot.js';
import { legacyTargetKey } from '../../src/state/local/legacy-key.js';
import { targetKey } from '../../src/state/target.js';
import { hashJson } from '../../src/state/menu-hash.js';
import { canonicalJson } from '../../src/plan/canonical-json.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'menusync-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomic writes and snapshots', () => {
  it('replaces a file and leaves no temp file behind', async () => {
    const file = path.join(dir, 'a.json');
    await writeFileAtomic(file, 'old');
    await writeFileAtomic(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('round-trips a snapshot and reports a missing one as null', async () => {
    expect(await readSnapshot(dir)).toBeNull();
    const menu = { categories: [{ ext_id: 'C1', name: 'Drinks' }], products: [] };
    const snapshot: MenuSnapshot = {
      formatVersion: 1,
      hash: hashJson(menu),
      appliedAt: '2026-01-01T00:00:00.000Z',
      mode: 'replace',
      runId: 'r1',
      menu,
    };
    const hash = await writeSnapshot(dir, snapshot);
    // Written in the current layout (a product per line), whatever formatVersion was given, and
    // hashed from the bytes written (not canonical JSON since formatVersion 2).
    expect(await readSnapshot(dir)).toEqual({ ...snapshot, formatVersion: 2, hash });
  });

  it('writes the snapshot compact, a product per line, each as JSON.stringify writes it, hashed from those bytes', async () => {
    const menu = {
      categories: [{ name: 'Drinks', ext_id: 'C1' }],
      products: [
        { name: 'Tea', ext_id: 'P1', category_ext_id: 'C1' },
        { price: 2, ext_id: 'P2', name: 'Coffee\nlarge' },
      ],
    };
    const hash = await writeSnapshot(dir, {
      formatVersion: 1,
      appliedAt: '2026-01-01T00:00:00.000Z',
      mode: 'replace',
      runId: 'r1',
      menu,
    });
    const text = await readFile(path.join(dir, 'snapshot.json'), 'utf8');
    expect(text).toBe(
      `{"formatVersion":2,"hash":"${hash}","appliedAt":"2026-01-01T00:00:00.000Z","mode":"replace","runId":"r1",` +
        `"menu":{"categories":[{"name":"Drinks","ext_id":"C1"}],"products":[\n` +
        `{"name":"Tea","ext_id":"P1","category_ext_id":"C1"},\n` +
        `{"price":2,"ext_id":"P2","name":"Coffee\\nlarge"}\n` +
        `]}}\n`,
    );
    expect(JSON.parse(text)).toMatchObject({ hash, menu });
    const withoutBreaks = text.slice(text.indexOf('"menu":') + 7, text.lastIndexOf('}')).replaceAll('\n', '');
    expect(hash).toBe(createHash('sha256').update(withoutBreaks).digest('hex'));
    expect((await readSnapshot(dir))?.menu).toEqual(menu);
  });

  it('still reads a snapshot written on one line by an earlier version (formatVersion 1)', async () => {
    const menu = {
      categories: [{ ext_id: 'C1', name: 'Drinks' }],
      products: [{ ext_id: 'P1', name: 'Tea' }],
    };
    const envelope = { formatVersion: 1, hash: hashJson(menu), appliedAt: 'x', mode: 'merge', runId: 'r0' };
    const text = `${JSON.stringify(envelope).slice(0, -1)},"menu":${canonicalJson(menu)}}\n`;
    await writeFileAtomic(path.join(dir, 'snapshot.json'), text);
    expect(await readSnapshot(dir)).toEqual({ ...envelope, menu });
  });

  it('still reads a snapshot written pretty-printed by an earlier version', async () => {
    const menu = {
      categories: [{ ext_id: 'C1', name: 'Drinks' }],
      products: [{ ext_id: 'P1', name: 'Tea' }],
    };
    const snapshot = {
      formatVersion: 1,
      hash: hashJson(menu),
      appliedAt: 'x',
      mode: 'merge',
      runId: 'r0',
      menu,
    };
    await writeFileAtomic(path.join(dir, 'snapshot.json'), `${JSON.stringify(snapshot, null, 2)}\n`);
    expect(await readSnapshot(dir)).toEqual(snapshot);
  });

  it('rejects a snapshot whose menu was edited after it was written', async () => {
    const menu = { categories: [{ ext_id: 'C1', name: 'Drinks' }], products: [] };
    await writeSnapshot(dir, { formatVersion: 1, appliedAt: 'x', mode: 'replace', runId: 'r1', menu });
    const file = path.join(dir, 'snapshot.json');
    await writeFileAtomic(file, (await readFile(file, 'utf8')).replace('Drinks', 'Food'));
    await expect(readSnapshot(dir)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('hash'),
    });
  });

  it('rejects a snapshot whose menu is not a menu', async () => {
    const envelope = { formatVersion: 1, hash: 'h', appliedAt: 'x', mode: 'merge', runId: 'r0' };
    await writeFileAtomic(path.join(dir, 'snapshot.json'), JSON.stringify({ ...envelope, menu: [] }));
    await expect(readSnapshot(dir)).rejects.toMatchObject({ exitCode: 2 });
  });

  it('treats a missing status file as certain', async () => {
    expect(await readStatus(dir)).toEqual({ uncertain: false });
  });

  it('rejects a snapshot that is not menusync state with a one-line error', async () => {
    await writeFileAtomic(path.join(dir, 'snapshot.json'), '{"hello": 1}');
    await expect(readSnapshot(dir)).rejects.toMatchObject({ exitCode: 2 });
  });
});

describe('targetKey', () => {
  const base = { baseUrl: 'https://menu.example.com/api', clientId: 'shop-1', posUid: 'default' };
  it('is a readable slug plus a hash, stable across trailing slashes', () => {
    expect(targetKey(base)).toMatch(/^menu-example-com-shop-1-[0-9a-f]{10}$/);
    expect(targetKey({ ...base, baseUrl: `${base.baseUrl}/` })).toBe(targetKey(base));
  });
  it('differs when the base URL or the client id differs', () => {
    const keys = new Set([
      targetKey(base),
      targetKey({ ...base, clientId: 'shop-2' }),
      targetKey({ ...base, baseUrl: 'https://menu.example.com/v2' }),
    ]);
    expect(keys.size).toBe(3);
  });
  it('is one key for every pos_uid of a client: the platform keeps one menu per client', () => {
    expect(targetKey({ ...base, posUid: 'bar' })).toBe(targetKey(base));
  });
  it('ignores the config name', () => {
    expect(targetKey({ ...base, name: 'downtown' })).toBe(targetKey(base));
  });
  it('is not the older key, which held the pos_uid too', () => {
    expect(legacyTargetKey(base)).toMatch(/^menu-example-com-shop-1-default-[0-9a-f]{10}$/);
    expect(legacyTargetKey({ ...base, posUid: 'bar' })).not.toBe(legacyTargetKey(base));
    expect(legacyTargetKey(base)).not.toBe(targetKey(base));
  });
});
