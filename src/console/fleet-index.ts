import { configTarget, type LoadedConfig } from '../config/load-config.js';
import { runIdTime, type RunReportSummary } from '../history/list-history.js';
import { resolveMenuAddress } from '../platform/menu-address.js';
import type { StateStore, StoredTarget } from '../state/store.js';
import { DEFAULT_POS_UID, targetKey, type Target } from '../state/target.js';
import { fleetStatus, type TargetQueueStatus } from '../worker/fleet-status.js';
import { nextCronTime } from '../worker/next-cron-time.js';
import type { QueueConnection } from '../worker/queue.js';
import { DEFAULT_TIMEZONE, isEnabled } from '../worker/config-targets.js';
import { readRunSummary, type ConsoleRunSummary, type DriftSummary } from './run-summary.js';

/** One line of the fleet page: a target and its last run, as the state and the queue know them. */
export interface FleetRow {
  /** The config's name, or the state's key without a config. */
  name: string;
  tags: string[];
  enabled: boolean;
  /** The menu the state keeps it under; null when the config leaves its address to flags. */
  target: Target | null;
  stored: boolean;
  uncertain: boolean;
  lastRun: {
    runId: string;
    outcome: RunReportSummary['outcome'];
    mode: RunReportSummary['mode'];
    counts: RunReportSummary['counts'];
    startedAt: string | null;
    finishedAt: string | null;
    error: string | null;
    worker: string | null;
    /** What the run found changed on the live menu since the last applied snapshot; null: not read. */
    drift: DriftSummary | null;
  } | null;
  nextScheduled: string | null;
  /** A job queued or running now (PostgreSQL state with workers). */
  current: TargetQueueStatus['current'];
}

/** Reports read at once while the index is built (a PostgreSQL state's pool has 4 connections). */
const READS_AT_ONCE = 8;

/**
 * The fleet as one list, built in the background and read by every page: pages stay cheap at
 * 10,000 targets because a page never waits for a rebuild once the first one is done (a stale
 * list is served while the next is built), a refresh reads each target's last report only when
 * its last run changed, and a schedule's next time is worked out again only once it has passed
 * (bench/console-target.ts measures it).
 */
export class FleetIndex {
  private rows: FleetRow[] = [];
  private byName = new Map<string, FleetRow>();
  private builtAt: Date | null = null;
  private building: Promise<void> | null = null;
  private readonly summaries = new Map<string, ConsoleRunSummary | string>();
  /** The next time of each schedule (cron and time zone), kept until it passes: working one out takes ms. */
  private readonly nextTimes = new Map<string, { next: number | null; until: number }>();
  private configured: ConfigEntry[] | null = null;

  constructor(
    private readonly store: StateStore,
    private readonly loaded: LoadedConfig | null,
    private readonly queue: QueueConnection | null,
    private readonly maxAgeMs: number,
    private readonly now: () => Date,
    /** Where a background refresh's failure is told (the page keeps the rows it has). */
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /**
   * The rows. The first call waits for the first build; after that, rows older than maxAgeMs are
   * returned as they are while a refresh runs in the background (one at a time): at 10,000 targets
   * a rebuild takes seconds, a page must not. The page says when its rows were read.
   */
  async current(): Promise<{ rows: readonly FleetRow[]; builtAt: Date }> {
    if (!this.builtAt) await this.refresh();
    else if (this.now().getTime() - this.builtAt.getTime() > this.maxAgeMs)
      void this.refresh().catch((error: unknown) =>
        this.log(`refreshing the fleet failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    return { rows: this.rows, builtAt: this.builtAt! };
  }

  refresh(): Promise<void> {
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  find(name: string): FleetRow | undefined {
    return this.byName.get(name);
  }

  private async build(): Promise<void> {
    const stored = new Map((await this.store.listTargets()).map((entry) => [entry.key, entry]));
    // 10,000 targets' settings take 100-300 ms to work out, in one block no page could answer during.
    if (this.loaded) this.configured ??= configEntries(this.loaded);
    const entries = this.configured
      ? this.configured.map(({ key, ...entry }) => ({ ...entry, stored: key ? stored.get(key) : undefined }))
      : stateEntries(stored);
    const queued = this.queue && this.loaded ? await this.queueStatus(this.loaded, this.queue) : new Map();
    const rows: FleetRow[] = new Array<FleetRow>(entries.length);
    let next = 0;
    const reader = async () => {
      for (let i = next++; i < entries.length; i = next++)
        rows[i] = await this.rowOf(entries[i]!, queued.get(entries[i]!.name));
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, reader));
    this.rows = rows;
    this.byName = new Map(rows.map((row) => [row.name, row]));
    this.builtAt = this.now();
  }

  private async queueStatus(
    loaded: LoadedConfig,
    queue: QueueConnection,
  ): Promise<Map<string, TargetQueueStatus>> {
    const statuses = await fleetStatus(queue, loaded, new Map(), this.now());
    return new Map(statuses.map((status) => [status.target, status]));
  }

  private async rowOf(entry: IndexEntry, queued: TargetQueueStatus | undefined): Promise<FleetRow> {
    const { stored } = entry;
    const runId = stored?.lastRunId ?? null;
    const summary = runId && entry.target ? await this.summaryOf(entry.target, stored!.key, runId) : null;
    const ledger = queued?.lastRun?.runId === runId ? queued?.lastRun : null;
    return {
      name: entry.name,
      tags: entry.tags,
      enabled: entry.enabled,
      target: entry.target,
      stored: stored !== undefined,
      uncertain: stored?.uncertain ?? false,
      lastRun:
        runId && summary && typeof summary !== 'string'
          ? {
              runId,
              outcome: summary.summary.outcome,
              mode: summary.summary.mode,
              counts: summary.summary.counts,
              startedAt: summary.summary.startedAt ?? runIdTime(runId),
              finishedAt: summary.summary.finishedAt ?? null,
              error: summary.summary.errors?.[0] ?? null,
              worker: ledger?.worker ?? null,
              drift: summary.drift,
            }
          : null,
      nextScheduled: queued?.nextScheduled ?? this.nextOf(entry.schedule),
      current: queued?.current ?? null,
    };
  }

  /** The schedule's next time after now, worked out again only once it has passed. */
  private nextOf(schedule: IndexEntry['schedule']): string | null {
    if (!schedule) return null;
    const now = this.now();
    const key = `${schedule.cron}\n${schedule.timezone}`;
    let known = this.nextTimes.get(key);
    if (!known || known.until <= now.getTime()) {
      const next = nextCronTime(schedule.cron, schedule.timezone, now)?.getTime() ?? null;
      // None within a year: asked again in a day.
      known = { next, until: next ?? now.getTime() + 24 * 3600_000 };
      this.nextTimes.set(key, known);
    }
    return known.next === null ? null : new Date(known.next).toISOString();
  }

  /** A run's report summary, read once: a run's report does not change after it ended. */
  private async summaryOf(target: Target, key: string, runId: string): Promise<ConsoleRunSummary | string> {
    const cacheKey = `${key}/${runId}`;
    const known = this.summaries.get(cacheKey);
    if (known !== undefined) return known;
    const summary = await readRunSummary(this.store.target(target), runId);
    this.summaries.set(cacheKey, summary);
    return summary;
  }
}

interface IndexEntry {
  name: string;
  tags: string[];
  enabled: boolean;
  target: Target | null;
  stored: StoredTarget | undefined;
  schedule: { cron: string; timezone: string } | null;
}

type ConfigEntry = Omit<IndexEntry, 'stored'> & { key: string | null };

/** The config's targets as the index lists them: worked out once (the config does not change while serving). */
function configEntries(loaded: LoadedConfig): ConfigEntry[] {
  return Object.keys(loaded.config.targets).map((name) => {
    const config = configTarget(loaded, name);
    const { baseUrl, clientId } = resolveMenuAddress({ config, env: process.env });
    const target =
      baseUrl && clientId ? { name, baseUrl, clientId, posUid: config.pos_uid ?? DEFAULT_POS_UID } : null;
    return {
      name,
      tags: config.tags ?? [],
      enabled: isEnabled(config),
      target,
      key: target ? targetKey(target) : null,
      schedule: config.schedule
        ? { cron: config.schedule, timezone: config.timezone ?? DEFAULT_TIMEZONE }
        : null,
    };
  });
}

function stateEntries(stored: Map<string, StoredTarget>): IndexEntry[] {
  return [...stored.values()].map((entry) => ({
    name: entry.key,
    tags: [],
    enabled: true,
    target: entry.target ? { ...entry.target, posUid: DEFAULT_POS_UID } : null,
    stored: entry,
    schedule: null,
  }));
}
