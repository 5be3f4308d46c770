/**
 * How a run ended, a closed list. `plan` ends `planned`, `none` or `blocked`; `apply` any of the
 * others: `applied` (the platform confirmed the import), `none` (nothing to send, nothing sent),
 * `blocked` (a guard refused, nothing sent), `cancelled` (not confirmed, nothing sent), `failed`
 * (the platform refused or was unreachable, and the menu is known unchanged), `uncertain` (the
 * platform may hold the new menu, the old one, or a part: an import without an answer, a split
 * merge that stopped half way, a read-back that differs; the next apply sends a full replace).
 */
export type RunOutcome = 'planned' | 'none' | 'applied' | 'blocked' | 'cancelled' | 'failed' | 'uncertain';

/** What went wrong, by code (a closed list) rather than by message text. */
export type RunErrorCode =
  | 'platform-rejected'
  | 'platform-unavailable'
  | 'outcome-unknown'
  | 'read-back-failed'
  | 'blocked'
  | 'cancelled'
  | 'usage'
  | 'invalid-input'
  | 'unexpected';

/** One error of a run's report. Never holds a secret (messages pass through redact()). */
export interface RunError {
  code: RunErrorCode;
  message: string;
  /** HTTP status of the platform's answer, when one arrived. */
  status?: number;
  /** The platform's or OAuth's own code: IMPORT_ERROR, RATE_LIMIT_EXCEEDED, invalid_client... */
  platformCode?: string;
  /** A system error's code (ENOSPC, EACCES...) for a local failure. */
  systemCode?: string;
}

/** One sentence per outcome, shared by the renderers so every report says the same. */
export const OUTCOME_TEXT: Readonly<Record<RunOutcome, string>> = {
  planned: 'planned: nothing was sent',
  none: 'nothing to send: the platform was not contacted',
  applied: 'applied: the platform confirmed the import',
  blocked: 'blocked by a guard: nothing was sent',
  cancelled: 'cancelled before sending: nothing was sent',
  failed: 'failed: the platform did not take the import, the menu is unchanged',
  uncertain:
    'uncertain: the platform may or may not hold the new menu; the target is marked uncertain and the next apply sends a full replace',
};
