import { readSummary } from '../history/list-history.js';
import type { StateStore } from '../state/store.js';
import type { SyncQueueSize } from '../worker/queue-size.js';
import type { FleetRow } from './fleet-index.js';

/** Run durations are counted into these buckets (seconds): a sync takes seconds to minutes. */
const DURATION_BUCKETS = [1, 5, 15, 60, 300, 900, 3600];
const SUCCESS = new Set(['applied', 'none']);
/** How far back a target's history is read for its last success when its newest run failed. */
const LOOK_BACK_RUNS = 50;

/**
 * `/metrics` in the Prometheus text format (version 0.0.4). The state keeps no counters, so the
 * run counts are of the runs this console has seen end (each target's newest run at each refresh
 * of the fleet index); the gauges are read from the index as it stands.
 */
export class ConsoleMetrics {
  private readonly seen = new Set<string>();
  private readonly runs = new Map<string, number>();
  private readonly buckets = DURATION_BUCKETS.map(() => 0);
  private durationCount = 0;
  private durationSum = 0;
  private readonly decisions = new Map<string, number>();
  private loginFailures = 0;
  /** A target's last success, found once per newest run (key: target and its newest run). */
  private readonly lastSuccess = new Map<string, string | null>();

  decided(action: string): void {
    this.decisions.set(action, (this.decisions.get(action) ?? 0) + 1);
  }

  loginFailed(): void {
    this.loginFailures++;
  }

  /** Counts the newest runs it has not seen yet. */
  observe(rows: readonly FleetRow[]): void {
    for (const row of rows) {
      const run = row.lastRun;
      if (!run || this.seen.has(`${row.name}/${run.runId}`)) continue;
      this.seen.add(`${row.name}/${run.runId}`);
      this.runs.set(run.outcome, (this.runs.get(run.outcome) ?? 0) + 1);
      if (run.startedAt && run.finishedAt) {
        const seconds = Math.max(0, (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000);
        this.durationCount++;
        this.durationSum += seconds;
        DURATION_BUCKETS.forEach((le, i) => {
          if (seconds <= le) this.buckets[i]!++;
        });
      }
    }
  }

  async render(
    rows: readonly FleetRow[],
    store: StateStore,
    queue: SyncQueueSize | null,
    now: Date,
  ): Promise<string> {
    this.observe(rows);
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family('menusync_targets', 'gauge', "Targets by their newest run's outcome (never: no run kept).");
    const byOutcome = new Map<string, number>();
    for (const row of rows) {
      const outcome = row.lastRun?.outcome ?? 'never';
      byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    }
    for (const [outcome, count] of [...byOutcome].sort())
      lines.push(`menusync_targets{outcome=${label(outcome)}} ${count}`);
    family('menusync_runs_total', 'counter', 'Runs this console has seen end, by outcome.');
    for (const [outcome, count] of [...this.runs].sort())
      lines.push(`menusync_runs_total{outcome=${label(outcome)}} ${count}`);
    family('menusync_run_duration_seconds', 'histogram', 'How long the runs this console has seen took.');
    DURATION_BUCKETS.forEach((le, i) =>
      lines.push(`menusync_run_duration_seconds_bucket{le="${le}"} ${this.buckets[i]}`),
    );
    lines.push(`menusync_run_duration_seconds_bucket{le="+Inf"} ${this.durationCount}`);
    lines.push(
      `menusync_run_duration_seconds_sum ${round(this.durationSum)}`,
      `menusync_run_duration_seconds_count ${this.durationCount}`,
    );
    family(
      'menusync_last_success_age_seconds',
      'gauge',
      "Seconds since each target's last successful run (absent: none kept).",
    );
    for (const row of rows) {
      const at = await this.lastSuccessOf(row, store);
      if (at)
        lines.push(
          `menusync_last_success_age_seconds{target=${label(row.name)}} ${round((now.getTime() - Date.parse(at)) / 1000)}`,
        );
    }
    if (queue) {
      family('menusync_queue_depth', 'gauge', 'Sync jobs waiting in the queue (queued or to be retried).');
      lines.push(`menusync_queue_depth ${queue.waiting}`);
      family('menusync_jobs_in_flight', 'gauge', 'Sync jobs a worker is running now.');
      lines.push(`menusync_jobs_in_flight ${queue.running}`);
    }
    family('menusync_console_decisions_total', 'counter', 'Approvals and rejections made in this console.');
    for (const action of ['approve', 'reject'])
      lines.push(`menusync_console_decisions_total{action="${action}"} ${this.decisions.get(action) ?? 0}`);
    family(
      'menusync_console_login_failures_total',
      'counter',
      'Requests refused for a missing or unknown token.',
    );
    lines.push(`menusync_console_login_failures_total ${this.loginFailures}`);
    return `${lines.join('\n')}\n`;
  }

  /** The newest successful run's end: the newest run when it succeeded, else read back through the history once. */
  private async lastSuccessOf(row: FleetRow, store: StateStore): Promise<string | null> {
    const run = row.lastRun;
    if (!run || !row.target) return null;
    if (SUCCESS.has(run.outcome)) return run.finishedAt ?? run.startedAt;
    const key = `${row.name}/${run.runId}`;
    if (this.lastSuccess.has(key)) return this.lastSuccess.get(key)!;
    const target = store.target(row.target);
    const ids = (await target.listRuns())
      .map((r) => r.id)
      .reverse()
      .slice(0, LOOK_BACK_RUNS);
    let found: string | null = null;
    for (const id of ids) {
      const summary = await readSummary(target, id);
      if (typeof summary !== 'string' && SUCCESS.has(summary.outcome)) {
        found = summary.finishedAt ?? summary.startedAt ?? null;
        break;
      }
    }
    this.lastSuccess.set(key, found);
    return found;
  }
}

/** A label value, quoted and escaped as the text format wants (backslash, quote, newline). */
function label(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
