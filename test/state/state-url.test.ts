import { describe, expect, it } from 'vitest';
import { LockHeldError, UsageError } from '../../src/errors.js';
import { copyState } from '../../src/state/copy-state.js';
import { localStateStore } from '../../src/state/local/local-store.js';
import { openStateStore } from '../../src/state/open-store.js';
import { parsePostgresUrl, withoutPasswordText } from '../../src/state/postgres/pg-url.js';
import type { TargetStore } from '../../src/state/store.js';
import { testTempDir } from '../helpers/temp-dir.js';

describe('state URLs never show a password', () => {
  it('refuses a URL of another scheme instead of making a folder named after it', async () => {
    const error = await openStateStore('postgress://u:s3cret@db.example/menus').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/postgress:\/\/u@db\.example\/menus/);
    expect((error as Error).message).not.toMatch(/s3cret/);
  });

  it('leaves a password given in the query out of the shown URL', () => {
    const location = parsePostgresUrl('postgres://u@db.example/menus?password=s3cret&sslpassword=k3y');
    expect(location.display).not.toMatch(/s3cret|k3y/);
    expect(location.connectionString).toMatch(/password=s3cret/);
  });

  it.each([
    ['postgres://u:p@ss@h:99999/db', 'postgres://u@h:99999/db'],
    ['postgres://u:pw@h/db?password=x', 'postgres://u@h/db'],
    ['postgres://u@h/db', 'postgres://u@h/db'],
    // A password holding `/` or `?` (issue 30): nothing of it is shown, nor the query.
    ['postgres://hostile:pw/envsecret@host/db', 'postgres://hostile@host/db'],
    ['postgres://hostile:pw?x@host/db?password=q', 'postgres://hostile@host/db'],
    ['postgres://hostile:pw#x@host:5432/db', 'postgres://hostile@host:5432/db'],
    ['postgres://h/db?password=envsecret&x=a@b', 'postgres://h@b'],
    // No `@`: a password whose `@HOST` was forgotten; the host and a numeric port only.
    ['postgres://hostile:envsecret/db', 'postgres://hostile/…'],
    ['postgres://h:99999x/db', 'postgres://h/…'],
  ])('shows %s as %s when it cannot be parsed', (spec, shown) => {
    expect(withoutPasswordText(spec)).toBe(shown);
  });
});

describe('state copy', () => {
  it('releases the source lock when the destination is locked by another run', async () => {
    const from = localStateStore(testTempDir('state-from'));
    const to = localStateStore(testTempDir('state-to'));
    const target = { baseUrl: 'http://127.0.0.1:1', clientId: 'c', posUid: 'default' };
    await writeSnapshotOf(from.target(target));
    const held = await to.target(target).lock();
    try {
      await expect(
        copyState(from, to, { force: true, names: { from: '--from', to: '--to', force: '--force' } }),
      ).rejects.toBeInstanceOf(LockHeldError);
    } finally {
      await held.release();
    }
    // Free again: taking it here would throw LockHeldError if the copy had kept it.
    const again = await from.target(target).lock();
    await again.release();
  });
});

/** A confirmed snapshot of a one-category menu, as an apply leaves it. */
async function writeSnapshotOf(state: TargetStore): Promise<void> {
  const lock = await state.lock();
  try {
    await state.writeIdentity();
    const run = await state.createRun('20261124T000000000Z-aaaaaa');
    const staged = await state.stageConfirmed({
      snapshot: {
        formatVersion: 2,
        appliedAt: new Date(0).toISOString(),
        mode: 'replace',
        runId: run.id,
        menu: { categories: [{ ext_id: 'c1', name: 'Drinks' }], products: [] },
      },
      status: { uncertain: false },
    });
    await staged.commit();
  } finally {
    await lock.release();
  }
}
