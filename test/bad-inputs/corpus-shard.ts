import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { testClient } from '../helpers/secrets.js';
import { BadInputCase } from './case-file.js';

const CORPUS = path.join(REPO_ROOT, 'fixtures/bad-inputs');

interface LoadedCase {
  name: string;
  dir: string;
  spec: BadInputCase;
}

function loadCases(): LoadedCase[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const dir = path.join(CORPUS, name);
      const spec = BadInputCase.parse(JSON.parse(readFileSync(path.join(dir, 'case.json'), 'utf8')));
      return { name, dir, spec };
    });
}

function fill(arg: string, dirs: { case: string; tmp: string; platform?: string }): string {
  const platform = dirs.platform ? new URL(dirs.platform) : undefined;
  return arg
    .replaceAll('{case}', dirs.case)
    .replaceAll('{tmp}', dirs.tmp)
    .replaceAll('{repo}', REPO_ROOT)
    .replaceAll('{platform-host}', platform?.hostname ?? '')
    .replaceAll('{platform-port}', platform?.port ?? '');
}

const imports = (sandbox: SandboxHandle | undefined): number =>
  sandbox?.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/menu/import')).length ?? 0;

/**
 * Defines the tests of one shard of the corpus: every `of`-th case from `shard` (0-based). The
 * corpus runs a CLI child per case and is the suite's longest file; as `of` files (corpus-N.test.ts)
 * its cases run in parallel with the rest of the suite instead of after it.
 */
export function corpusShard(shard: number, of: number): void {
  const all = loadCases();
  const cases = all.filter((_, index) => index % of === shard);
  const temps: string[] = [];
  afterAll(async () => {
    await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  describe(`the bad-input corpus (fixtures/bad-inputs), part ${shard + 1} of ${of}`, () => {
    if (shard === 0) {
      it('holds at least 40 cases, covering every item of the integrity list', () => {
        expect(all.length).toBeGreaterThanOrEqual(40);
        expect([...new Set(all.map((c) => c.spec.item))].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
        // Each case is where its name says.
        for (const c of all) expect(c.name.startsWith(`${c.spec.item}-`), c.name).toBe(true);
      });
    }

    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, { dir, spec }) => {
      const tmp = await mkdtemp(path.join(tmpdir(), 'menusync-bad-'));
      temps.push(tmp);
      if (spec.setup) {
        const generator = path.join(REPO_ROOT, 'test/bad-inputs/generators', `${spec.setup}.ts`);
        expect(existsSync(generator), `generator ${spec.setup}`).toBe(true);
        const module = (await import(pathToFileURL(generator).href)) as {
          generate: (tmp: string) => Promise<void>;
        };
        await module.generate(tmp);
      }
      const credentials = testClient();
      const sandbox = spec.platform
        ? await startSandbox({ clients: [{ ...credentials, scopes: ['write:menu'] }] })
        : undefined;
      const env: Record<string, string> = sandbox
        ? {
            MENUSYNC_BASE_URL: sandbox.url,
            MENUSYNC_CLIENT_ID: credentials.clientId,
            MENUSYNC_CLIENT_SECRET: credentials.clientSecret,
          }
        : {};
      try {
        for (const [index, run] of spec.runs.entries()) {
          if (run.faults) sandbox?.injectFaults(run.faults);
          const before = imports(sandbox);
          const args = run.args.map((arg) =>
            fill(arg, { case: dir, tmp, ...(sandbox ? { platform: sandbox.url } : {}) }),
          );
          const result = await runCli(args, {
            cwd: tmp,
            env: { ...env, ...run.env },
            input: run.stdin,
            timeoutMs: 60_000,
          });
          const output = `${result.stdout}\n${result.stderr}`;
          const label = `run ${index + 1} (menusync ${args.join(' ')})\n${output.slice(0, 3000)}`;
          expect(result.code, label).toBe(run.exit);
          const dirs = { case: dir, tmp, ...(sandbox ? { platform: sandbox.url } : {}) };
          for (const fragment of run.output) expect(output, label).toContain(fill(fragment, dirs));
          for (const fragment of run.notOutput) expect(output, label).not.toContain(fill(fragment, dirs));
          // Never a stack trace without --debug.
          if (!args.includes('--debug')) expect(output, label).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
          expect(imports(sandbox) > before, `${label}\nimport sent`).toBe(run.sent);
        }
      } finally {
        await sandbox?.close();
      }
    });
  });
}
