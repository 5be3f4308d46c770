import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { sandboxClient, sandboxClients, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { targetDir } from '../../src/state/target.js';
import { menuCsv, DEMO_MAPPING } from '../cli-apply/fixture.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

/** One config target of a fleet test: which sandbox client, and what goes wrong with it, if anything. */
export interface FleetTargetSpec {
  name: string;
  client: number;
  products?: number;
  /** A header-only export: the empty-menu guard blocks it (exit 3). */
  empty?: boolean;
  /** A secret file with the wrong secret: the platform refuses the token (exit 1). */
  wrongSecret?: boolean;
  /** No inputs in the config (exit 2 for this target alone). */
  noInputs?: boolean;
  tags?: string[];
  schedule?: string;
  /** The config's `menu: NAME` (targets of one client that knowingly share its menu). */
  menu?: string;
}

export interface FleetWorld {
  sandbox: SandboxHandle;
  dir: string;
  stateDir: string;
  config: string;
  run(args: string[]): Promise<CliResult>;
  /** Holds the target's lock as a live process (this test's) would: its apply exits 4. */
  lockTarget(client: number): Promise<void>;
  targetDir(client: number): string;
  products(client: number): number;
  close(): Promise<void>;
}

/** A sandbox with made-up clients, and a config of the given targets in `dir`. */
export async function startFleetWorld(dir: string, specs: FleetTargetSpec[]): Promise<FleetWorld> {
  const sandbox = await startSandbox({ clients: sandboxClients(Math.max(...specs.map((s) => s.client))) });
  const stateDir = path.join(dir, 'state');
  await mkdir(path.join(dir, 'secrets'));
  const targets: Record<string, unknown> = {};
  for (const spec of specs) {
    const id = sandboxClient(spec.client);
    const secretFile = path.join(dir, 'secrets', `${spec.name}.secret`);
    await writeFile(secretFile, spec.wrongSecret ? 'not-the-secret\n' : `${id.clientSecret}\n`);
    const input = path.join(dir, `${spec.name}.csv`);
    await writeFile(input, spec.empty ? menuCsv(0) : menuCsv(spec.products ?? 12, spec.client / 100));
    targets[spec.name] = {
      mapping: DEMO_MAPPING,
      ...(spec.noInputs ? {} : { inputs: [input] }),
      base_url: sandbox.url,
      client_id: id.clientId,
      client_secret_file: secretFile,
      state_dir: stateDir,
      max_attempts: 1,
      ...(spec.tags ? { tags: spec.tags } : {}),
      ...(spec.schedule ? { schedule: spec.schedule } : {}),
      ...(spec.menu ? { menu: spec.menu } : {}),
    };
  }
  const config = path.join(dir, 'menusync.config.yaml');
  await writeFile(config, stringify({ targets }));
  const folder = (client: number) =>
    targetDir(stateDir, {
      baseUrl: sandbox.url,
      clientId: sandboxClient(client).clientId,
      posUid: 'default',
    });
  return {
    sandbox,
    dir,
    stateDir,
    config,
    run: (args) => runCli([...args, '--state', stateDir], { cwd: dir }),
    async lockTarget(client) {
      await mkdir(folder(client), { recursive: true });
      const info = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
      await writeFile(path.join(folder(client), 'lock'), JSON.stringify(info));
    },
    targetDir: folder,
    products: (client) => sandbox.storedMenu(sandboxClient(client).clientId).products.length,
    close: () => sandbox.close(),
  };
}
