import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FleetReport } from '../../src/fleet/fleet-report.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { sandboxClient } from '../../src/sandbox/index.js';
import { startFleetWorld, type FleetTargetSpec } from './fleet-world.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

const HEALTHY: FleetTargetSpec[] = [
  { name: 'north', client: 1, tags: ['city'] },
  { name: 'south', client: 2, tags: ['city'] },
  { name: 'east', client: 3, products: 40 },
];
const BLOCKED: FleetTargetSpec = { name: 'empty', client: 4, empty: true };
const LOCKED: FleetTargetSpec = { name: 'busy', client: 5 };
const FAILING: FleetTargetSpec = { name: 'badkey', client: 6, wrongSecret: true };
const NO_INPUTS: FleetTargetSpec = { name: 'bare', client: 7, noInputs: true };

const byName = (report: FleetReport) => Object.fromEntries(report.targets.map((t) => [t.target, t]));

describe('apply --all over a fleet', () => {
  it('runs every target on its own: a failing, a blocked and a locked one change nothing for the others', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), [...HEALTHY, BLOCKED, LOCKED, FAILING, NO_INPUTS]);
    try {
      await w.lockTarget(5);
      const result = await w.run(['apply', '--all', '--concurrency', '3', '--json']);
      expect(result.code, result.stderr).toBe(1);
      const report = JSON.parse(result.stdout) as FleetReport;
      const t = byName(report);
      expect(report.targets.map((e) => e.target)).toEqual([
        'north',
        'south',
        'east',
        'empty',
        'busy',
        'badkey',
        'bare',
      ]);
      for (const name of ['north', 'south', 'east']) {
        expect(t[name], name).toMatchObject({
          exit: 0,
          status: 'applied',
          mode: 'replace',
          applied: true,
          verified: true,
          errors: [],
        });
      }
      expect(t.east!.counts!.products.add).toBe(40);
      expect(t.empty).toMatchObject({ exit: 3, status: 'blocked', applied: false });
      expect(t.empty!.blocked).toMatch(/no products/);
      expect(t.busy).toMatchObject({ exit: 4, status: 'locked', mode: null, counts: null });
      expect(t.busy!.errors[0]).toMatch(/locked by process/);
      expect(t.badkey).toMatchObject({ exit: 1, status: 'failed', applied: false });
      expect(t.bare).toMatchObject({ exit: 2, status: 'failed' });
      expect(t.bare!.errors[0]).toMatch(/no input file/);
      expect(report.summary).toMatchObject({
        total: 7,
        applied: 3,
        unchanged: 0,
        blocked: 1,
        locked: 1,
        failed: 2,
      });
      expect([w.products(1), w.products(2), w.products(3)]).toEqual([12, 12, 40]);
      expect([w.products(4), w.products(5), w.products(6)]).toEqual([0, 0, 0]);
      // Every target's own report, and the fleet's, linked from its HTML.
      for (const name of ['north', 'empty', 'badkey']) await access(t[name]!.report!);
      const html = /fleet report: (\S+)/.exec(result.stderr)![1]!;
      const page = await readFile(html, 'utf8');
      expect(page.match(/<a href="[^"]+report\.html">report<\/a>/g)).toHaveLength(5);
      expect(path.dirname(html).startsWith(path.join(w.stateDir, 'fleet-runs'))).toBe(true);
      // The lock of the target another run holds is still that run's.
      await access(path.join(w.targetDir(5), 'lock'));
    } finally {
      await w.close();
    }
  });

  it('exits 3 for a blocked target among healthy ones, 4 for a locked one, and says so per target', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), [...HEALTHY, BLOCKED, LOCKED]);
    try {
      await w.lockTarget(5);
      const blocked = await w.run(['apply', '--target', 'north', '--target', 'empty', '--target', 'busy']);
      expect(blocked.code, blocked.stderr).toBe(3);
      expect(blocked.stderr).toMatch(/^applied\s+north: replace \+\d+ ~0 -0, verified \(\d+\.\d s\)$/m);
      expect(blocked.stderr).toMatch(/^blocked\s+empty: replace .*\[exit 3\] blocked: /m);
      expect(blocked.stderr).toMatch(/^locked\s+busy: \[exit 4\] target is locked by process/m);
      // The summary table on stdout: a header and one row per target.
      expect(blocked.stdout).toMatch(
        /^target\s+status\s+mode\s+counts\s+applied\s+verified\s+time\s+error$/m,
      );
      expect(blocked.stdout).toMatch(
        /^3 targets, 1 applied, 0 unchanged, 1 blocked, 1 locked, 0 failed in /m,
      );
      const locked = await w.run(['apply', '--target', 'south', '--target', 'busy', '--quiet']);
      expect(locked.code, locked.stderr).toBe(4);
      // --quiet: only the targets that need a look, and one summary line.
      // Each line starts with its time, for the cron log.
      expect(locked.stderr).not.toMatch(/^\S+Z applied/m);
      expect(locked.stderr).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z locked\s+busy/m);
      expect(locked.stderr).toMatch(/menusync apply \(fleet\): 2 targets, 1 applied/);
      expect(locked.stdout).toBe('');
    } finally {
      await w.close();
    }
  });

  it('selects by tag, exits 0 when all are fine, and finds nothing to send the second time', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), HEALTHY);
    try {
      const out = (name: string) => path.join(w.dir, name);
      const first = await w.run(
        ['apply', '--tag', 'city', '--json', '--out-json', out('fleet.json')].concat([
          '--out-md',
          out('fleet.md'),
          '--out-html',
          out('fleet.html'),
        ]),
      );
      expect(first.code, first.stderr).toBe(0);
      expect((JSON.parse(first.stdout) as FleetReport).targets.map((e) => e.target)).toEqual([
        'north',
        'south',
      ]);
      expect(JSON.parse(await readFile(out('fleet.json'), 'utf8'))).toEqual(JSON.parse(first.stdout));
      expect(await readFile(out('fleet.md'), 'utf8')).toMatch(/^\| north \| applied \| replace \|/m);
      // The --out-html page links each target's own report relative to where the page is.
      const links = [...(await readFile(out('fleet.html'), 'utf8')).matchAll(/href="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      expect(links).toHaveLength(2);
      for (const link of links) await access(path.resolve(w.dir, decodeURIComponent(link)));
      expect(w.products(3)).toBe(0);
      const again = await w.run(['apply', '--tag', 'city', '--json']);
      expect(again.code, again.stderr).toBe(0);
      const summary = (JSON.parse(again.stdout) as FleetReport).summary;
      expect(summary).toMatchObject({ total: 2, applied: 0, unchanged: 2, failed: 0 });
      const unknown = await w.run(['apply', '--tag', 'nowhere']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/no target of the config has the tag "nowhere"/);
    } finally {
      await w.close();
    }
  });
});

describe('apply --all with many targets at once', () => {
  it('runs more targets at once than Node allows listeners by default, without a leak warning', async () => {
    const specs = Array.from({ length: 12 }, (_, i) => ({
      name: `shop-${i + 1}`,
      client: i + 1,
      products: 3,
    }));
    const w = await startFleetWorld(testTempDir('fleet'), specs);
    try {
      const result = await w.run(['apply', '--all', '--concurrency', '12', '--quiet']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toMatch(/MaxListenersExceededWarning/);
      expect(result.stderr).toMatch(/12 targets, 12 applied/);
    } finally {
      await w.close();
    }
  });
});

describe('plan --all over a fleet', () => {
  it('exits 10 with --detailed-exitcode while any target has changes, 0 after they are applied', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), HEALTHY);
    try {
      const before = await w.run(['plan', '--all', '--detailed-exitcode', '--json']);
      expect(before.code, before.stderr).toBe(10);
      const report = JSON.parse(before.stdout) as FleetReport;
      expect(report.summary).toMatchObject({ total: 3, changes: 3, applied: 0 });
      expect(report.targets.every((e) => e.exit === 10 && e.status === 'changes')).toBe(true);
      // A plan writes no run of its own: its report is kept with the fleet's.
      await access(report.targets[0]!.report!);
      // A plan reads the live menus and sends nothing.
      expect(w.sandbox.requests.filter((r) => r.path.endsWith('/menu/import'))).toHaveLength(0);
      const applied = await w.run(['apply', '--all']);
      expect(applied.code, applied.stderr).toBe(0);
      const after = await w.run(['plan', '--all', '--detailed-exitcode']);
      expect(after.code, after.stderr).toBe(0);
      expect(after.stderr).toMatch(/^unchanged\s+north: none \+0 ~0 -0/m);
    } finally {
      await w.close();
    }
  });
});

describe('fleet plans against the live menus', () => {
  it('shows a menu changed outside menusync as a replace of that target only', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
    ]);
    try {
      const applied = await w.run(['apply', '--all']);
      expect(applied.code, applied.stderr).toBe(0);
      w.sandbox.tamper(sandboxClient(2).clientId, { removeProducts: 3 });
      const result = await w.run(['plan', '--all', '--detailed-exitcode', '--json']);
      expect(result.code, result.stderr).toBe(10);
      const report = JSON.parse(result.stdout) as FleetReport;
      const entry = (name: string) => report.targets.find((e) => e.target === name)!;
      expect(entry('north')).toMatchObject({ exit: 0, mode: 'none' });
      expect(entry('south')).toMatchObject({ exit: 10, mode: 'replace' });
      expect(await readFile(entry('south').report!, 'utf8')).toMatch(/Changed outside menusync/);
      expect(await readFile(entry('north').report!, 'utf8')).not.toMatch(/Changed outside menusync/);
      const offline = await w.run(['plan', '--all', '--offline', '--detailed-exitcode']);
      expect(offline.code, offline.stderr).toBe(0);
    } finally {
      await w.close();
    }
  });
});

describe('fleet options and config', () => {
  it('refuses two targets that name the same platform menu before anything runs', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), [
      { name: 'first', client: 1 },
      { name: 'again', client: 1 },
    ]);
    try {
      const result = await w.run(['apply', '--all']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/targets "first" and "again" (name|write) the same platform menu/);
      expect(w.sandbox.requests).toHaveLength(0);
    } finally {
      await w.close();
    }
  });

  it('runs two targets that share one menu (the same menu: NAME) one after another, neither locked out', async () => {
    const w = await startFleetWorld(testTempDir('fleet'), [
      { name: 'lunch', client: 1, menu: 'shared', products: 5 },
      { name: 'dinner', client: 1, menu: 'shared', products: 5 },
      { name: 'other', client: 2 },
    ]);
    try {
      const result = await w.run(['apply', '--all', '--concurrency', '3', '--json', '--yes']);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as FleetReport;
      expect(report.targets.map((e) => e.exit)).toEqual([0, 0, 0]);
    } finally {
      await w.close();
    }
  });

  it('refuses per-target options, a bad --concurrency and an invalid schedule, each with exit 2', async () => {
    const dir = testTempDir('fleet');
    const w = await startFleetWorld(dir, [{ name: 'north', client: 1, schedule: '61 2 * * *' }]);
    try {
      const schedule = await w.run(['apply', '--all']);
      expect(schedule.code).toBe(2);
      expect(schedule.stderr).toMatch(
        /menusync\.config\.yaml:\d+: invalid cron expression "61 2 \* \* \*": minute: "61": Constraint error, got value 61 expected range 0-59 \(targets\.north\.schedule\)/,
      );
      const input = await w.run(['apply', '--all', '--input', 'x.csv']);
      expect(input.code).toBe(2);
      expect(input.stderr).toMatch(/--input names one target's own/);
      const concurrency = await w.run(['plan', '--all', '--concurrency', '0']);
      expect(concurrency.code).toBe(2);
      expect(concurrency.stderr).toMatch(/--concurrency must be a whole number from 1 to 64, got 0/);
    } finally {
      await w.close();
    }
  });
});
