import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRun } from '../../src/apply/apply-run.js';
import { sendPlan } from '../../src/apply/4-send/send-plan.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../src/apply/4-send/split-payload.js';
import { plan } from '../../src/plan/index.js';
import type { Plan } from '../../src/plan/types.js';
import type { PlatformClient } from '../../src/platform/index.js';
import { createRunRecord, newRunId } from '../../src/state/run-history.js';
import { readSnapshot, readStatus } from '../../src/state/snapshot.js';
import { localStateStore } from '../../src/state/local/local-store.js';
import { targetDir } from '../../src/state/target.js';
import { startHarness, type Harness } from './harness.js';
import { cafeMenu } from './menus.js';

let h: Harness;
let client: PlatformClient;
beforeEach(async () => {
  h = await startHarness({}, (c) => (client = c));
});
afterEach(async () => {
  await h.close();
});

const dir = () => targetDir(h.stateDir, h.target);
const temps = async () => (await readdir(dir())).filter((name) => name.endsWith('.tmp'));

describe('sendPlan and the files it stages during the import', () => {
  it('when the work of the wait fails: awaits the import, discards the staged files, leaves the target uncertain', async () => {
    await mkdir(dir(), { recursive: true });
    const desired = cafeMenu();
    const planned = plan(desired, null, { posUid: 'default' });
    const record = await createRunRecord(dir(), newRunId(new Date()));
    const failure = sendPlan({
      state: localStateStore(h.stateDir).target(h.target),
      record,
      plan: planned,
      desired,
      status: { uncertain: false },
      maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES,
      client,
      now: () => new Date(),
      progress: { attempts: 0, responses: [] },
      whileSending: async () => {
        throw new Error('ENOSPC: no space left for the run history');
      },
    });
    await expect(failure).rejects.toThrow(/ENOSPC/);
    // The import was not abandoned in flight: the platform answered before sendPlan gave up.
    expect(h.sandbox.exportMenu(h.clientId).products).toHaveLength(desired.products.length);
    expect(await temps()).toEqual([]);
    expect(await readSnapshot(dir())).toBeNull();
    expect((await readStatus(dir())).uncertain).toBe(true);
  });

  it('when plan.json cannot be written during the wait, apply fails with that error and still writes its report', async () => {
    const desired = cafeMenu();
    // plan.json is the only file that serializes the whole plan object: a member that refuses to.
    const unwritable = (...args: Parameters<typeof plan>): Plan =>
      Object.assign(plan(...args), {
        trap: {
          toJSON() {
            throw new Error('ENOSPC: no space left for plan.json');
          },
        },
      });
    const failure = applyRun(
      {
        target: h.target,
        store: localStateStore(h.stateDir),
        desired,
        planOptions: { posUid: 'default' },
        maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES,
      },
      { plan: unwritable, client, confirm: async () => true },
    );
    await expect(failure).rejects.toThrow(/ENOSPC/);
    // The platform answered before the run gave up; the snapshot did not move; the report is there.
    expect(h.sandbox.exportMenu(h.clientId).products).toHaveLength(desired.products.length);
    expect(await readSnapshot(dir())).toBeNull();
    expect((await readStatus(dir())).uncertain).toBe(true);
    const [run] = await readdir(path.join(dir(), 'runs'));
    expect(await readdir(path.join(dir(), 'runs', run!))).toContain('report.json');
  });

  it('apply removes the temp files a killed run left in the target folder', async () => {
    await mkdir(dir(), { recursive: true });
    const stale = `.snapshot.json.4242.0badf00d.tmp`;
    await writeFile(path.join(dir(), stale), '{"formatVersion":2');
    await writeFile(path.join(dir(), 'notes.txt'), 'not ours to remove');
    await h.apply(cafeMenu());
    expect(await temps()).toEqual([]);
    expect(await readdir(dir())).toContain('notes.txt');
  });
});
