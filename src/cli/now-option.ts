import { UsageError } from '../errors.js';

/**
 * `--now 2026-11-25` (or a date-time): the run's date for scheduled sale prices; default the clock.
 * Shared by extract, validate, plan and apply, so a dated sale can be previewed before it starts.
 */
export function parseNow(text: string | undefined): { now?: Date } {
  if (text === undefined) return {};
  const now = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(now.getTime()))
    throw new UsageError(`--now takes a date such as 2026-11-25 or 2026-11-25T18:00:00Z, got "${text}"`);
  return { now };
}

/** The `--now` flag's help text, the same on every command that takes it. */
export const NOW_OPTION_HELP =
  "The run's date for scheduled sale prices (YYYY-MM-DD or an ISO date-time, UTC); default now";
