import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GuardBlockedError } from '../../src/errors.js';
import { PlatformError } from '../../src/platform/errors.js';
import { readSnapshot, readStatus } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { startHarness, type Harness } from './harness.js';
import { cafeMenu } from './menus.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const imports = () => h.sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length;
const dir = () => targetDir(h.stateDir, h.target);

describe('applyRun against a real sandbox', () => {
  it('replaces on the first run, verifies the read-back and records the snapshot', async () => {
    const menu = cafeMenu();
    const outcome = await h.apply(menu);
    expect(outcome.plan.mode).toBe('replace');
    expect(outcome.applied).toBe(true);
    expect(outcome.verification).toMatchObject({ status: 'verified', details: [] });
    expect(h.sandbox.exportMenu(h.clientId).products).toHaveLength(20);
    expect((await readSnapshot(dir()))?.menu).toEqual(menu);
    expect(await readStatus(dir())).toEqual({ uncertain: false });
    const files = await readdir(outcome.runDir);
    // snapshot.json: the menu the run confirmed, kept for a rollback (a hard link).
    expect(files.sort()).toEqual(
      [
        'payload.json',
        'plan.json',
        'report.html',
        'report.json',
        'report.md',
        'response.json',
        'snapshot.json',
      ].sort(),
    );
  });

  it('keeps the newest runs of the target (keepRuns) and removes older ones', async () => {
    const changed = cafeMenu();
    changed.products[0] = { ...changed.products[0]!, price: 9 };
    const first = await h.apply(cafeMenu(), { keepRuns: 2 });
    const second = await h.apply(changed, { keepRuns: 2 });
    const third = await h.apply(cafeMenu(), { keepRuns: 2 });
    const runs = (await readdir(path.join(dir(), 'runs'))).sort();
    expect(runs).toEqual([second.runId, third.runId].sort());
    expect(runs).not.toContain(first.runId);
  });

  it('stores the payload once, as payload.json, the exact body sent', async () => {
    const outcome = await h.apply(cafeMenu());
    const read = async (name: string) => readFile(path.join(outcome.runDir, name), 'utf8');
    expect(await read('payload.json')).toBe(`${JSON.stringify(outcome.plan.payload)}\n`);
    const planFile = JSON.parse(await read('plan.json')) as { payload: unknown; entries: unknown[] };
    expect(planFile.payload).toBe('payload.json');
    expect(planFile.entries).toHaveLength(outcome.plan.entries.length);
    // report.json names plan.json instead of holding a second copy of every entry.
    const report = JSON.parse(await read('report.json')) as { plan: unknown; mode: string };
    expect(report.plan).toBe('plan.json');
    expect(report.mode).toBe(outcome.plan.mode);
  });

  it('sends nothing when the menu did not change', async () => {
    await h.apply(cafeMenu());
    const before = imports();
    const outcome = await h.apply(cafeMenu());
    expect(outcome.plan.mode).toBe('none');
    expect(imports()).toBe(before);
  });

  it('merges a price change and moves the snapshot forward', async () => {
    await h.apply(cafeMenu());
    const changed = cafeMenu();
    changed.products[3] = { ...changed.products[3]!, price: 9.99 };
    const outcome = await h.apply(changed);
    expect(outcome.plan.mode).toBe('merge');
    expect(outcome.verification?.status).toBe('verified');
    expect(h.sandbox.exportMenu(h.clientId).products[3]?.price).toBe(9.99);
    expect((await readSnapshot(dir()))?.menu).toEqual(changed);
  });

  it('blocks a truncated export, sends nothing, and still writes the report', async () => {
    await h.apply(cafeMenu(40));
    const before = imports();
    const error = await h.apply(cafeMenu(10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuardBlockedError);
    expect(imports()).toBe(before);
    const runs = await readdir(path.join(dir(), 'runs'));
    const last = runs.sort().at(-1) as string;
    const report = JSON.parse(await readFile(path.join(dir(), 'runs', last, 'report.json'), 'utf8')) as {
      blocked: string;
      applied: boolean;
    };
    expect(report.blocked).toMatch(/remove/);
    expect(report.applied).toBe(false);
    expect((await readSnapshot(dir()))?.menu.products).toHaveLength(40);
  });

  it('lets the truncated export through with allowDeletes', async () => {
    await h.apply(cafeMenu(40));
    const outcome = await h.apply(cafeMenu(10), {
      planOptions: { posUid: 'default', allowDeletes: { count: 30 } },
    });
    expect(outcome.plan.mode).toBe('replace');
    expect(h.sandbox.exportMenu(h.clientId).products).toHaveLength(10);
  });

  it('marks the target uncertain when the import outcome is unknown, and replaces on the next run', async () => {
    await h.apply(cafeMenu());
    const changed = cafeMenu();
    changed.products[0] = { ...changed.products[0]!, name: 'Renamed' };
    h.sandbox.injectFaults([{ kind: 'lost-after-apply', count: 5 }]);
    const error = await h.apply(changed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).outcomeUnknown).toBe(true);
    expect((await readStatus(dir())).uncertain).toBe(true);
    expect((await readSnapshot(dir()))?.menu).toEqual(cafeMenu());
    h.sandbox.clearFaults();
    const next = await h.apply(changed);
    expect(next.plan.mode).toBe('replace');
    expect(next.plan.reason).toMatch(/uncertain/);
    expect(next.verification?.status).toBe('verified');
    expect(await readStatus(dir())).toEqual({ uncertain: false });
  });

  it('keeps the snapshot and a certain status when the platform rejects the import', async () => {
    await h.apply(cafeMenu());
    const changed = cafeMenu();
    changed.products[0] = { ...changed.products[0]!, price: 1 };
    h.sandbox.injectFaults([{ kind: 'import-error', message: 'nope' }]);
    await expect(h.apply(changed)).rejects.toBeInstanceOf(PlatformError);
    expect((await readSnapshot(dir()))?.menu).toEqual(cafeMenu());
    expect((await readStatus(dir())).uncertain).toBe(false);
    // The new snapshot, staged while the request was out, was thrown away, not left behind.
    expect((await readdir(dir())).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('splits a large merge into self-contained requests that all land', async () => {
    await h.apply(cafeMenu(30));
    const changed = cafeMenu(30);
    changed.products = changed.products.map((p) => ({ ...p, price: (p.price ?? 0) + 1 }));
    const before = imports();
    const outcome = await h.apply(changed, { maxPayloadBytes: 2_000 });
    expect(outcome.plan.mode).toBe('merge');
    expect(imports() - before).toBeGreaterThan(1);
    expect(outcome.requests).toBe(imports() - before);
    expect(outcome.verification?.status).toBe('verified');
    expect(h.sandbox.exportMenu(h.clientId)).toEqual(changed);
  });

  it('sends a replace over the merge-splitting limit whole: only the platform knows its limit', async () => {
    const outcome = await h.apply(cafeMenu(), { maxPayloadBytes: 500 });
    expect(outcome.plan.mode).toBe('replace');
    expect(outcome.requests).toBe(1);
    expect(imports()).toBe(1);
    expect(outcome.verification?.status).toBe('verified');
  });
});

describe('applyRun when the platform refuses the size', () => {
  it('says clearly that a replace rejected with HTTP 413 cannot be split', async () => {
    const small = await startHarness({ maxImportBytes: 1_000 });
    try {
      const error = await small.apply(cafeMenu()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).status).toBe(413);
      expect((error as PlatformError).message).toMatch(/replace cannot be split/);
      expect((await readStatus(targetDir(small.stateDir, small.target))).uncertain).toBe(false);
    } finally {
      await small.close();
    }
  });
});

describe('applyRun when the read-back differs', () => {
  it('reports drift and marks the target uncertain so the next run replaces', async () => {
    // The real client, with a read-back that loses one category (as a platform bug would).
    const drifting = await startHarness({}, (client) => ({
      importMenu: (payload) => client.importMenu(payload),
      listCategories: async (query) => (await client.listCategories(query)).slice(1),
    }));
    try {
      const outcome = await drifting.apply(cafeMenu());
      expect(outcome.applied).toBe(true);
      expect(outcome.verification?.status).toBe('drift');
      expect(outcome.report.verified).toBe(false);
      const dir = targetDir(drifting.stateDir, drifting.target);
      expect((await readStatus(dir)).reason).toMatch(/read-back differed/);
      const next = await drifting.apply(cafeMenu());
      expect(next.plan.mode).toBe('replace');
    } finally {
      await drifting.close();
    }
  });
});
