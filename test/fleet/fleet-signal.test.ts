import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuCsv, spawnCli } from '../cli-apply/fixture.js';
import { testTempDir } from '../helpers/temp-dir.js';
import { startFleetWorld, type FleetWorld } from './fleet-world.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

/** Resolves once the sandbox has seen an import request (it then holds it, by a delay fault). */
async function importStarted(w: FleetWorld): Promise<void> {
  while (!w.sandbox.requests.some((r) => r.path.endsWith('/menu/import')))
    await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('a fleet stopped by a signal', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s starts no queued target, says which were done, interrupted and not started, exits %i',
    async (signal, code) => {
      const w = await startFleetWorld(testTempDir('fleet-signal'), [
        { name: 'north', client: 1 },
        { name: 'south', client: 2 },
        { name: 'east', client: 3 },
      ]);
      try {
        // The first import hangs until the process is stopped; the other targets are queued.
        w.sandbox.injectFaults([{ kind: 'delay', ms: 60_000, path: '/menu/import', count: 1 }]);
        const live = spawnCli(['apply', '--all', '--concurrency', '1', '--state', w.stateDir], {}, w.dir);
        await importStarted(w);
        live.child.kill(signal);
        const result = await live.done;
        expect(result.code, result.stderr).toBe(code);
        expect(result.stderr).toContain(`menusync apply (fleet): stopped by ${signal}`);
        expect(result.stderr).toMatch(/^done \(0\): none$/m);
        expect(result.stderr).toMatch(/^interrupted \(1\): north$/m);
        expect(result.stderr).toMatch(/^not started \(2\): south, east$/m);
        expect(result.stderr).toMatch(/marked uncertain: its next apply sends a full replace/);
        expect(w.sandbox.requests.filter((r) => r.path.endsWith('/menu/import'))).toHaveLength(1);
        // The interrupted target's lock went with the process; the others were never touched.
        await expect(access(path.join(w.targetDir(1), 'lock'))).rejects.toMatchObject({ code: 'ENOENT' });
        await expect(access(w.targetDir(2))).rejects.toMatchObject({ code: 'ENOENT' });
      } finally {
        await w.close();
      }
    },
  );

  it('writes the fleet report (done, interrupted, not started) to --out-json, --out-md and --out-html', async () => {
    const w = await startFleetWorld(testTempDir('fleet-signal-report'), [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
      { name: 'east', client: 3 },
    ]);
    try {
      // north is applied; south's import hangs until the process is stopped; east never starts.
      const imports = () => w.sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length;
      const out = (ext: string) => path.join(w.dir, `fleet.${ext}`);
      const live = spawnCli(
        ['apply', '--all', '--concurrency', '1', '--state', w.stateDir, '--yes'].concat([
          '--out-json',
          out('json'),
          '--out-md',
          out('md'),
          '--out-html',
          out('html'),
        ]),
        {},
        w.dir,
      );
      // With one target at a time, south's import cannot come before north's has arrived.
      while (imports() < 1) await new Promise((resolve) => setTimeout(resolve, 5));
      w.sandbox.injectFaults([{ kind: 'delay', ms: 60_000, path: '/menu/import', count: 1 }]);
      while (imports() < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      live.child.kill('SIGTERM');
      const result = await live.done;
      expect(result.code, result.stderr).toBe(143);
      expect(result.stderr).toMatch(/^fleet report: .+report\.html$/m);
      const report = JSON.parse(await readFile(out('json'), 'utf8')) as {
        exit: number;
        targets: { target: string; status: string }[];
        summary: { total: number; applied: number };
        stopped: { signal: string; interrupted: string[]; notStarted: string[] };
      };
      expect(report.exit).toBe(143);
      expect(report.targets).toEqual([expect.objectContaining({ target: 'north', status: 'applied' })]);
      expect(report.summary).toMatchObject({ total: 3, applied: 1 });
      expect(report.stopped).toEqual({ signal: 'SIGTERM', interrupted: ['south'], notStarted: ['east'] });
      const line = 'stopped by SIGTERM: done (1), interrupted (1): south, not started (1): east';
      expect(await readFile(out('md'), 'utf8')).toContain(line);
      expect(await readFile(out('html'), 'utf8')).toContain(line);
    } finally {
      await w.close();
    }
  });

  it('cancels the running target through its AbortSignal, as a single apply: its run ends cancelled, its snapshot stays', async () => {
    const w = await startFleetWorld(testTempDir('fleet-signal-cancel'), [
      { name: 'north', client: 1 },
      { name: 'south', client: 2 },
    ]);
    try {
      const first = await w.run(['apply', '--all', '--yes']);
      expect(first.code, first.stderr).toBe(0);
      const snapshot = path.join(w.targetDir(1), 'snapshot.json');
      const before = await readFile(snapshot, 'utf8');
      // north's prices change, so its next apply sends an import; the sandbox holds that import.
      await writeFile(path.join(w.dir, 'north.csv'), menuCsv(12, 0.5));
      w.sandbox.injectFaults([{ kind: 'delay', ms: 60_000, path: '/menu/import', count: 1 }]);
      const imports = () => w.sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length;
      const out = path.join(w.dir, 'fleet.json');
      const live = spawnCli(
        ['apply', '--all', '--concurrency', '1', '--state', w.stateDir, '--yes', '--out-json', out],
        {},
        w.dir,
      );
      while (imports() < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      live.child.kill('SIGINT');
      const result = await live.done;
      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr).toMatch(/^interrupted \(1\): north$/m);
      expect(result.stderr).toMatch(/^not started \(1\): south$/m);
      // Ended as a failed run does (the old handler exited mid-run and left no report of it).
      expect(await readFile(snapshot, 'utf8')).toBe(before);
      await expect(access(path.join(w.targetDir(1), 'lock'))).rejects.toMatchObject({ code: 'ENOENT' });
      const runs = (await readdir(path.join(w.targetDir(1), 'runs'))).sort();
      const report = JSON.parse(
        await readFile(path.join(w.targetDir(1), 'runs', runs.at(-1)!, 'report.json'), 'utf8'),
      ) as { outcome: string; errors: string[] };
      expect(report).toMatchObject({ outcome: 'cancelled', errors: ['stopped by SIGINT'] });
      // The import had gone out: the target is marked uncertain, as after any failed send.
      const status = JSON.parse(await readFile(path.join(w.targetDir(1), 'status.json'), 'utf8')) as {
        uncertain: boolean;
      };
      expect(status.uncertain).toBe(true);
      const fleet = JSON.parse(await readFile(out, 'utf8')) as {
        exit: number;
        stopped: { interrupted: string[]; notStarted: string[] };
      };
      expect(fleet).toMatchObject({ exit: 130, stopped: { interrupted: ['north'], notStarted: ['south'] } });
      expect(imports()).toBe(3);
    } finally {
      await w.close();
    }
  });
});
