import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endFleetRun } from '../../src/fleet/run-effects.js';
import type { FleetReport } from '../../src/fleet/fleet-report.js';
import type { RunEvent } from '../../src/notify/run-event.js';

function ended(target: string, outcome: string): RunEvent {
  return {
    event: 'run_end',
    ts: new Date().toISOString(),
    command: 'apply',
    target,
    outcome,
    classes: outcome === 'blocked' ? ['blocked'] : ['applied'],
    exit: outcome === 'blocked' ? 3 : 0,
    mode: 'replace',
    counts: null,
    attempts: outcome === 'blocked' ? 0 : 1,
    blocked: null,
    errors: [],
  };
}

describe("a fleet's webhook", () => {
  it("lists the targets in the fleet report's order, whichever ended first", async () => {
    const bodies: { targets: { target: string }[] }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        bodies.push(JSON.parse(text) as { targets: { target: string }[] });
        res.writeHead(204).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const report = {
        command: 'apply',
        targets: [{ target: 'alpha' }, { target: 'bravo' }, { target: 'charlie' }],
        summary: { total: 3 },
      } as unknown as FleetReport;
      const warnings: string[] = [];
      // bravo ended first, then charlie, then alpha: the order a fleet's pool finished them in.
      await endFleetRun(report, {
        record: { dir: 'memory', writeTargetReport: async () => '', finish: async () => 'report.html' },
        notify: { url: `http://127.0.0.1:${port}/fleet`, on: ['blocked', 'applied'] },
        events: [ended('bravo', 'blocked'), ended('charlie', 'applied'), ended('alpha', 'applied')],
        warn: (line) => warnings.push(line),
      });
      expect(warnings).toEqual([]);
      expect(bodies.map((body) => body.targets.map((entry) => entry.target))).toEqual([
        ['alpha', 'bravo', 'charlie'],
      ]);
    } finally {
      server.close();
    }
  });
});
