import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shellWord } from '../../src/report/shell-word.js';
import type { FleetReport } from '../../src/fleet/fleet-report.js';
import { runCli } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { postgresAvailable, schemaUrl, testSchema } from '../state/postgres-fixture.js';
import { startFleetWorld } from './fleet-world.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

let available = false;
beforeAll(async () => {
  available = await postgresAvailable();
});

const events = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; report?: string; target?: string });

describe('a fleet with PostgreSQL state keeps its report in the database', () => {
  it('writes no folder beside the config, logs an address report show opens from anywhere', async (context) => {
    if (!available) return context.skip();
    const state = schemaUrl(testSchema());
    const w = await startFleetWorld(testTempDir('fleet-pg'), [
      { name: 'north', client: 1 },
      { name: 'empty', client: 2, empty: true },
    ]);
    try {
      const args = ['apply', '--all', '--yes', '--log-format', 'json', '--json', '--state', state];
      const result = await runCli(args, { cwd: w.dir });
      expect(result.code, result.stderr).toBe(3);
      expect(existsSync(path.join(w.dir, '.menusync')), 'no local fleet-runs folder').toBe(false);
      const end = events(result.stderr).find((event) => event.event === 'fleet_end');
      expect(end?.report, result.stderr).toMatch(/^postgres:\/\/.*#fleet-runs\/runs\/[^/]+\/report\.html$/);

      const elsewhere = testTempDir('fleet-pg-show');
      const shown = await runCli(['report', 'show', end!.report!, '--out', 'fleet.html'], { cwd: elsewhere });
      expect(shown.code, shown.stderr).toBe(0);
      const page = await readFile(path.join(elsewhere, 'fleet.html'), 'utf8');
      expect(page).toContain('fleet of 2 targets');
      // Each target's own report is in the database too: the page names the command that shows it.
      const report = JSON.parse(result.stdout) as FleetReport;
      const north = report.targets.find((entry) => entry.target === 'north')!;
      expect(north.report).toMatch(/^postgres:\/\/.*#[^/]+\/runs\/[^/]+\/report\.html$/);
      const command = `menusync report show ${shellWord(north.report!)}`.replace(/'/g, '&#39;');
      expect(page).toContain(`<code>${command}</code>`);
      const json = await runCli(['report', 'show', end!.report!.replace(/html$/, 'json')], {
        cwd: elsewhere,
      });
      expect(JSON.parse(json.stdout)).toMatchObject({
        command: 'apply',
        summary: { applied: 1, blocked: 1 },
      });
    } finally {
      await w.close();
    }
  });

  it("keeps a plan fleet's target reports with its run, each shown by its address", async (context) => {
    if (!available) return context.skip();
    const state = schemaUrl(testSchema());
    const w = await startFleetWorld(testTempDir('fleet-pg-plan'), [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
    ]);
    try {
      const result = await runCli(['plan', '--all', '--json', '--state', state], { cwd: w.dir });
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as FleetReport;
      const south = report.targets.find((entry) => entry.target === 'south')!;
      expect(south.report).toMatch(/^postgres:\/\/.*#fleet-runs\/runs\/[^/]+\/targets\/south\.html$/);
      const shown = await runCli(['report', 'show', south.report!], { cwd: testTempDir('elsewhere') });
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toContain('<title>menusync plan');
      // An address naming a target's file under another key is not a report address.
      const forged = south.report!.replace('#fleet-runs/', '#north-x/');
      const refused = await runCli(['report', 'show', forged], { cwd: testTempDir('elsewhere') });
      expect(refused.code).toBe(2);
    } finally {
      await w.close();
    }
  });
});
