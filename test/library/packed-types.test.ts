import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// What a user installs is the packed package, not the checkout: this test lists what `npm pack`
// would ship (nothing is packed or installed: --dry-run, and --ignore-scripts so the prepare build
// does not rebuild dist/ under the other tests), lays out those files as node_modules/menusync of a
// fresh strict TypeScript project, and compiles a program against them with tsc in a child process.

const run = promisify(execFile);

interface PackedFile {
  path: string;
}

async function packedFiles(): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [pack] = JSON.parse(stdout) as [{ files: PackedFile[] }];
  return pack.files.map((file) => file.path);
}

/** Every file package.json's "exports" names, for each entry point. */
function exportedFiles(): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, Record<string, string>>;
  };
  return Object.fromEntries(
    Object.entries(manifest.exports).map(([entry, conditions]) => [
      entry,
      Object.values(conditions).map((file) => path.posix.normalize(file)),
    ]),
  );
}

/**
 * A consumer project: the packed files as node_modules/menusync, menusync's runtime dependencies
 * (what `npm install menusync` would bring, read with `npm ls --omit=dev`) and @types/node beside it.
 */
async function consumerProject(files: string[]): Promise<string> {
  const dir = testTempDir('packed-types');
  const modules = path.join(dir, 'node_modules');
  // Only what module and type resolution read: the compiled code and the manifest.
  for (const file of files.filter((name) => name.startsWith('dist/') || name === 'package.json')) {
    mkdirSync(path.dirname(path.join(modules, 'menusync', file)), { recursive: true });
    cpSync(path.join(REPO_ROOT, file), path.join(modules, 'menusync', file));
  }
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: REPO_ROOT });
  const topLevel = new RegExp(`^${path.join(REPO_ROOT, 'node_modules')}/((?:@[^/]+/)?[^/]+)$`);
  const runtime = stdout.split('\n').flatMap((line) => topLevel.exec(line)?.slice(1, 2) ?? []);
  for (const name of [...runtime, '@types/node']) {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'node_modules', name), path.join(modules, name), 'dir');
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
  // skipLibCheck off: menusync's .d.ts must compile with its runtime dependencies alone (a type of
  // a devDependency such as @types/yargs reached from the entry would fail here).
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.ts'] }));
  return dir;
}

// The program a user would write; the @ts-expect-error lines fail the compile if what they expect
// to be refused (internals, the test-only hook) is accepted again.
const PROGRAM = `
import { apply, extract, openState, plan, runFleet, ExitCode, GuardBlockedError, MenusyncError } from 'menusync';
import type { ApplyResult, CanonicalMenu, FleetRunResult, Plan, PlanRunOptions, StateStore } from 'menusync';
import { startSandbox } from 'menusync/sandbox';
import { applyWithHooks } from 'menusync/internal';
// @ts-expect-error the differ underneath plan() is internal
import { planMenu } from 'menusync';

const options: PlanRunOptions = {
  mapping: 'shopify-products',
  inputs: ['products.csv'],
  target: { baseUrl: 'http://127.0.0.1:1', clientId: 'bistro' },
  guards: { allowDeletes: '10%' },
};
export async function main(): Promise<number> {
  const menu: CanonicalMenu = (await extract(options)).menu;
  const planned = await plan(options);
  const entries: Plan['entries'] = planned.plan?.entries ?? [];
  // @ts-expect-error the crash checkpoint is a test hook of 'menusync/internal', not an option
  const applied: ApplyResult = await apply({ ...options, checkpoint: async () => undefined });
  const hooked: ApplyResult = await applyWithHooks(options, { checkpoint: async () => undefined });
  const fleet: FleetRunResult = await runFleet({ command: 'plan', config: 'menusync.config.yaml', all: true });
  const store: StateStore = await openState('.menusync');
  await store.close();
  const sandbox = await startSandbox();
  await sandbox.close();
  if (applied.error instanceof GuardBlockedError) return applied.error.exitCode;
  if (hooked.error instanceof MenusyncError) return ExitCode.failure;
  return menu.products.length + entries.length + fleet.entries.length + Number(planMenu);
}
`;

describe('the packed package, in a fresh strict TypeScript project', () => {
  it('ships every file its exports name', async () => {
    const files = new Set(await packedFiles());
    for (const [entry, targets] of Object.entries(exportedFiles())) {
      for (const target of targets) expect(files.has(target), `${entry} -> ${target} is packed`).toBe(true);
    }
    expect([...files].filter((file) => file.endsWith('.map'))).toEqual([]);
  }, 120_000);

  it('compiles `import { plan, apply, runFleet } from "menusync"` and refuses the internals', async () => {
    const dir = await consumerProject(await packedFiles());
    writeFileSync(path.join(dir, 'main.ts'), PROGRAM);
    const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);
});
