import type { NotifyConfig } from '../config/notify-schema.js';
import type { RunEvent } from './run-event.js';
import { postWebhook, wants, webhookOrigin } from './webhook.js';

/** What the fleet's webhook is told of the fleet as a whole (fleet/fleet-report.ts holds it). */
export interface FleetNotice {
  command: 'plan' | 'apply';
  summary: unknown;
}

/**
 * The config's top-level `notify:`: one POST for the whole fleet run when any target ended as it
 * names (each target's own `notify:` was told by its run). A failure is one line on `warn`.
 */
export async function notifyFleet(
  config: NotifyConfig | undefined,
  report: FleetNotice,
  events: readonly RunEvent[],
  warn: (line: string) => void,
): Promise<void> {
  if (!config || !events.some((event) => wants(config, event.classes))) return;
  const problem = await postWebhook(config, {
    source: 'menusync',
    event: 'fleet_end',
    ts: new Date().toISOString(),
    command: report.command,
    summary: report.summary,
    targets: events,
  });
  if (problem)
    warn(
      `notify: the fleet webhook at ${webhookOrigin(config.url)} failed (${problem}); the fleet's exit code is unchanged`,
    );
}
