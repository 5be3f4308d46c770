import type { NotifyConfig } from '../config/notify-schema.js';
import type { FleetReport } from '../fleet/fleet-report.js';
import type { RunEvent } from '../notify/run-event.js';
import { postWebhook, wants, webhookOrigin } from '../notify/webhook.js';
import type { Output } from './output.js';

/**
 * The config's top-level `notify:`: one POST for the whole fleet run when any target ended as it
 * names (each target's own `notify:` was told by its run). A failure is one line on stderr.
 */
export async function notifyFleet(
  config: NotifyConfig | undefined,
  report: FleetReport,
  events: readonly RunEvent[],
  out: Output,
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
    out.error(
      `notify: the fleet webhook at ${webhookOrigin(config.url)} failed (${problem}); the fleet's exit code is unchanged`,
    );
}
