import { summarizeCounts } from '../plan/counts.js';
import type { MenuChange } from '../plan/live/menu-change.js';
import { countOf } from '../plural.js';
import { OUTCOME_TEXT, type RunOutcome } from './outcome.js';
import type { ReportTarget, RunReport } from './types.js';

/** Outcomes a reader must see as trouble at once: title, first line and colour say it. */
const TROUBLE: Partial<Record<RunOutcome, string>> = {
  failed: 'FAILED',
  uncertain: 'UNCERTAIN',
  blocked: 'BLOCKED',
  cancelled: 'CANCELLED',
};

/**
 * The first line of a run that failed (or may have): `FAILED: <why>`. Null for every other run,
 * blocked ones included: their reports put what is live first and say Blocked: in red below it.
 */
export function failureLine(report: Pick<RunReport, 'outcome' | 'errors'>): string | null {
  if (report.outcome !== 'failed' && report.outcome !== 'uncertain') return null;
  return `${TROUBLE[report.outcome]}: ${report.errors[0] ?? OUTCOME_TEXT[report.outcome]}`;
}

/** `FAILED` / `BLOCKED` / … for a run that did not do what it set out to, else null. */
export function troubleWord(report: Pick<RunReport, 'outcome' | 'blocked'>): string | null {
  if (report.blocked) return TROUBLE.blocked ?? null;
  return TROUBLE[report.outcome] ?? null;
}

const LIVE_SYMBOLS: ReadonlyArray<[MenuChange['action'], string]> = [
  ['update', '~'],
  ['remove', '-'],
  ['add', '+'],
];

const LIVE_NOUNS: Readonly<Record<MenuChange['kind'], [string, string]>> = {
  category: ['category', 'categories'],
  option: ['option', 'options'],
  option_value: ['option value', 'option values'],
};

/**
 * What the plan changes, for titles and first lines: the snapshot counts, or, when the export is
 * what the snapshot holds but the live menu is not (a tampered menu), what it changes on the live
 * menu. A plan that changes the live menu is never headed "no changes".
 */
export function changeHeadline(report: Pick<RunReport, 'counts' | 'mode' | 'plan'>): string {
  const counts = summarizeCounts(report);
  if (counts !== 'no changes' || report.mode === 'none') return counts;
  const live = report.plan.live?.changes ?? [];
  if (live.length === 0) return `${report.mode}: the whole menu is sent again`;
  const parts: string[] = [];
  for (const [action, symbol] of LIVE_SYMBOLS) {
    for (const kind of ['category', 'option', 'option_value'] as const) {
      const n = live.filter((c) => c.kind === kind && c.action === action).length;
      if (n > 0) parts.push(`${symbol} ${countOf(n, ...LIVE_NOUNS[kind])}`);
    }
  }
  return `${parts.join('  ')} on the live menu`;
}

/** `apply downtown FAILED: ~ 1 product` or `plan downtown: ~ 1 product  - 1 product`. */
export function reportTitle(report: RunReport): string {
  const trouble = troubleWord(report);
  const name = report.target.name ? ` ${report.target.name}` : '';
  return `menusync ${report.command}${name}${trouble ? ` ${trouble}` : ''}: ${changeHeadline(report)}`;
}

/**
 * The report's subtitle: the config target and the restaurant's platform account, never internal
 * keys (`downtown · client downtown-pos at platform.example.com`). pos_uid only when it is not the
 * default.
 */
export function targetLine(target: ReportTarget): string {
  const parts: string[] = [];
  if (target.name) parts.push(`target ${target.name}`);
  if (target.clientId)
    parts.push(`client ${target.clientId}${target.baseUrl ? ` at ${hostOf(target.baseUrl)}` : ''}`);
  if (target.posUid && target.posUid !== 'default') parts.push(`pos_uid ${target.posUid}`);
  return parts.length > 0 ? parts.join(' · ') : 'no target named (planned against the snapshot)';
}

function hostOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return baseUrl;
  }
}

/**
 * A report's time in the machine's local time zone with its offset, `2026-11-25 03:15:02 +01:00`:
 * a manager reads the hour of the night they know. The JSON report keeps the ISO instant.
 */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** `menu.csv (modified 2026-11-28 23:10:05 +01:00)` for each export the plan read, in reading order. */
export function exportLines(plan: {
  source?: { inputs: { file: string; modifiedAt: string | null }[] };
}): string[] {
  return (plan.source?.inputs ?? []).map(({ file, modifiedAt }) =>
    modifiedAt ? `${file} (modified ${localTime(modifiedAt)})` : file,
  );
}
