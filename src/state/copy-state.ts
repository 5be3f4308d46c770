import { GuardBlockedError, UsageError } from '../errors.js';
import type { MenuSnapshot } from './snapshot.js';
import type { HeldLock, StateStore, TargetStore } from './store.js';
import { DEFAULT_POS_UID, type Target } from './target.js';

/** What `state copy` did for one target. */
export interface CopiedTarget {
  /** Where it went: the destination target's folder, or URL and key. */
  location: string;
  target: Target;
  runs: number;
  /** The hash of the current snapshot in the destination; null when the source had none. */
  snapshotHash: string | null;
  uncertain: boolean;
}

export interface StateCopyReport {
  from: string;
  to: string;
  copied: CopiedTarget[];
  /** Targets whose state does not say whose it is (older menusync): they cannot be copied. */
  skipped: string[];
}

/**
 * How the copy's messages name its two states and `force`: `state copy` is a command of the
 * command line only, so the CLI gives its flags (`--from`, `--to`, `--force`).
 */
export interface StateCopyNames {
  from: string;
  to: string;
  force: string;
}

/**
 * Copies every target's state (snapshot, status, runs with their files and rollback points) from
 * one store to another, e.g. a local folder into PostgreSQL and back. Both sides are locked per
 * target, so a running apply is never copied half-way. A destination target that already holds
 * state is refused unless `force` (then its snapshot and status are replaced and the source's runs
 * added). A copy that stops half-way leaves the destination target marked uncertain.
 */
export async function copyState(
  from: StateStore,
  to: StateStore,
  options: { force?: boolean; names: StateCopyNames },
) {
  const { names } = options;
  if (from.kind === to.kind && from.location === to.location) {
    throw new UsageError(`state copy: ${names.from} and ${names.to} are the same state (${from.location})`);
  }
  const listed = await from.listTargets();
  // A mistyped --from is an empty state: copying nothing and saying "done" would hide it.
  if (listed.length === 0) throw new UsageError(`state copy: ${from.location} holds no state to copy`);
  // pos_uid is not part of a state's key (target.ts): any value names the same state.
  const targets = listed.flatMap((entry) =>
    entry.target ? [{ ...entry.target, posUid: DEFAULT_POS_UID }] : [],
  );
  const report: StateCopyReport = {
    from: from.location,
    to: to.location,
    copied: [],
    skipped: listed.filter((entry) => !entry.target).map((entry) => entry.key),
  };
  if (!options.force) {
    const taken = await occupied(to, targets);
    if (taken.length > 0) {
      throw new GuardBlockedError(
        `state copy: ${to.location} already holds state for ${taken.join(', ')}; nothing was copied`,
        { hint: `pass ${names.force} to replace their snapshot and status with the copied ones` },
      );
    }
  }
  for (const target of targets) report.copied.push(await copyTarget(from.target(target), to.target(target)));
  return report;
}

async function occupied(to: StateStore, targets: Target[]): Promise<string[]> {
  const taken: string[] = [];
  for (const target of targets) {
    const dst = to.target(target);
    const status = await dst.readStatus();
    if (status.uncertain || (await dst.listRuns()).length > 0 || (await dst.readSnapshot()) !== null) {
      taken.push(dst.location);
    }
  }
  return taken;
}

async function copyTarget(src: TargetStore, dst: TargetStore): Promise<CopiedTarget> {
  const locks: HeldLock[] = [];
  try {
    // One at a time: a destination that is locked must not leave the source's lock taken.
    locks.push(await src.lock());
    locks.push(await dst.lock());
    await dst.recover();
    // Until the copy is whole, the destination cannot vouch for the platform's menu.
    await dst.writeStatus({ uncertain: true, reason: 'state copy did not finish' });
    await dst.writeIdentity();
    let last: { source: MenuSnapshot; hash: string } | null = null;
    const runs = await src.listRuns();
    for (const run of runs) {
      const record = await dst.createRun(run.id);
      for (const name of await src.listRunFiles(run.id)) {
        const content = await src.readRunFile(run.id, name);
        if (content !== null) await record.write(name, content);
      }
      const confirmed = run.confirmed ? await src.confirmedSnapshot(run.id) : null;
      if (confirmed) last = { source: confirmed, hash: await confirm(dst, confirmed) };
    }
    const current = await src.readSnapshot();
    const status = await src.readStatus();
    const same = last && current?.hash === last.source.hash && current.runId === last.source.runId;
    const snapshotHash = current === null ? null : same && last ? last.hash : await confirm(dst, current);
    // No snapshot to copy: whatever the destination held was never confirmed for this source.
    const kept =
      current === null ? { uncertain: true, reason: 'state copy: the source had no snapshot' } : status;
    await dst.writeStatus(kept);
    return {
      location: dst.location,
      target: dst.target,
      runs: runs.length,
      snapshotHash,
      uncertain: kept.uncertain,
    };
  } finally {
    // Each on its own: one release that fails must not keep the other lock held.
    for (const lock of locks.reverse()) await lock.release().catch(() => undefined);
  }
}

/** Puts `snapshot` in place as the one its run confirmed; the status stays uncertain until the end. */
async function confirm(dst: TargetStore, snapshot: MenuSnapshot): Promise<string> {
  const { hash: _hash, ...rest } = snapshot;
  const staged = await dst.stageConfirmed({
    snapshot: rest,
    status: { uncertain: true, reason: 'state copy did not finish' },
  });
  await staged.commit();
  return staged.hash;
}
