import { ExitCode } from '../errors.js';
import type { LedgerState } from './job-ledger.js';

/**
 * What the queue does with a job once its sync ended:
 * - `complete`: done, nothing more to try (a success, or a run only a person can unblock);
 * - `fail`: pg-boss retries it after its backoff while retries are left, then keeps it failed;
 * - `later`: another run held the target's lock; this job is done and a new one waits a while.
 */
export type QueueAction = 'complete' | 'fail' | 'later';

export interface JobDecision {
  action: QueueAction;
  state: LedgerState;
  /** A person must look before the target can sync: bad input or config (2), a guard's block (3). */
  needsPerson: boolean;
}

/**
 * By the exit code `apply --target NAME --yes` would have had. Only a platform failure (1) can
 * pass by itself; retrying invalid input or a guard's block sends the same refused change again.
 */
export function decideJob(exit: number, attempt: { retryCount: number; retryLimit: number }): JobDecision {
  switch (exit) {
    case ExitCode.ok:
    case ExitCode.changes:
      return { action: 'complete', state: 'succeeded', needsPerson: false };
    case ExitCode.invalid:
    case ExitCode.blocked:
      return { action: 'complete', state: 'needs-person', needsPerson: true };
    case ExitCode.locked:
      return { action: 'later', state: 'held', needsPerson: false };
    default: {
      const retried = attempt.retryCount < attempt.retryLimit;
      return { action: 'fail', state: retried ? 'retrying' : 'failed', needsPerson: false };
    }
  }
}

/** Whether a ledger state is one a person must act on. */
export const needsPerson = (state: LedgerState): boolean => state === 'needs-person';
