import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { stringify } from 'yaml';
import { sandboxClient, sandboxClients, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { DEMO_MAPPING, menuCsv } from '../cli-apply/fixture.js';
import { CLI, recordOutput, runCli, type CliResult } from '../helpers/run-cli.js';
import { schemaUrl, sql, testSchema } from '../state/postgres-fixture.js';

/** One config target of a worker test: its own sandbox client, and what is wrong with it, if anything. */
export interface WorkerTargetSpec {
  name: string;
  client: number;
  products?: number;
  /** A header-only export: the empty-menu guard blocks it (exit 3). */
  empty?: boolean;
  /** An export that is not there (exit 2). */
  missingExport?: boolean;
  schedule?: string;
  timezone?: string;
  enabled?: boolean;
  /** The target's `notify:` (a webhook URL, 2 attempts, every outcome but applied). */
  notify?: string;
}

export interface WorkerProcess {
  proc: ChildProcess;
  name: string;
  /** Resolves with the exit code (or null after a signal) once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** Resolves once the output holds `text` `times` times; rejects when the worker exits first. */
  saw(text: string, times?: number): Promise<void>;
}

export interface WorkerWorld {
  sandbox: SandboxHandle;
  dir: string;
  config: string;
  stateUrl: string;
  schema: string;
  /** `menusync ARGS --config … --state …` in a child process. */
  run(args: string[]): Promise<CliResult>;
  worker(name: string, args?: string[]): WorkerProcess;
  /** The products (ext_id and price) a client's platform menu holds, sorted. */
  platformMenu(client: number): string[];
  /** The products the target's export holds, as platformMenu shows them. */
  sourceMenu(spec: WorkerTargetSpec): string[];
  /** Polls the workers' ledger until `done` says so (or throws after `timeoutMs`). */
  waitForLedger(done: (rows: LedgerRow[]) => boolean, timeoutMs?: number): Promise<LedgerRow[]>;
  /** `fleet status --json`. */
  status(): Promise<StatusJson>;
}

export interface LedgerRow {
  target: string;
  state: string;
  worker: string | null;
  attempts: number;
  source: string;
  exit_code: number | null;
}

/** Every target's newest job succeeded, and nothing waits or runs. */
export function allSucceeded(targets: readonly string[]) {
  return (rows: LedgerRow[]): boolean =>
    targets.every((target) => rows.some((row) => row.target === target && row.state === 'succeeded')) &&
    rows.every((row) => !['queued', 'running', 'retrying'].includes(row.state));
}

export interface StatusJson {
  targets: {
    target: string;
    lastRun: { state: string; worker: string | null; exit: number | null; mode: string | null } | null;
    current: { state: string; worker: string | null } | null;
    nextScheduled: string | null;
    needsPerson: boolean;
    lastError: string | null;
  }[];
  needsPerson: string[];
}

const bump = (client: number) => client / 100;

/**
 * A sandbox (slowed imports, one client per target), a config of `specs`, and a PostgreSQL state
 * in a schema of this test's own; its queue schema beside it is dropped with it.
 */
export async function startWorkerWorld(
  dir: string,
  specs: WorkerTargetSpec[],
  options: { importDelayMs?: number } = {},
): Promise<WorkerWorld> {
  const schema = testSchema();
  onTestFinished(() => sql(`DROP SCHEMA IF EXISTS "${schema}_queue" CASCADE`).then(() => undefined));
  const stateUrl = schemaUrl(schema);
  const sandbox = await startSandbox({
    clients: sandboxClients(Math.max(...specs.map((s) => s.client))),
    importDelayMs: options.importDelayMs ?? 0,
  });
  onTestFinished(() => sandbox.close());
  await mkdir(path.join(dir, 'secrets'), { recursive: true });
  const targets: Record<string, unknown> = {};
  for (const spec of specs) {
    const id = sandboxClient(spec.client);
    const secretFile = path.join(dir, 'secrets', `${spec.name}.secret`);
    await writeFile(secretFile, `${id.clientSecret}\n`);
    const input = path.join(dir, `${spec.name}.csv`);
    if (!spec.missingExport)
      await writeFile(input, spec.empty ? menuCsv(0) : menuCsv(spec.products ?? 6, bump(spec.client)));
    targets[spec.name] = {
      mapping: DEMO_MAPPING,
      inputs: [input],
      base_url: sandbox.url,
      client_id: id.clientId,
      client_secret_file: secretFile,
      max_attempts: 1,
      ...(spec.schedule ? { schedule: spec.schedule } : {}),
      ...(spec.timezone ? { timezone: spec.timezone } : {}),
      ...(spec.notify ? { notify: { url: spec.notify, max_attempts: 2, timeout: 5 } } : {}),
    };
  }
  const config = path.join(dir, 'menusync.config.yaml');
  await writeFile(config, stringify({ targets }));
  const run = (args: string[]) => runCli([...args, '--config', config, '--state', stateUrl], { cwd: dir });
  return {
    sandbox,
    dir,
    config,
    stateUrl,
    schema,
    run,
    worker: (name, args = []) =>
      spawnWorker(name, ['worker', '--config', config, '--state', stateUrl, '--name', name, ...args], dir),
    platformMenu: (client) =>
      sandbox
        .exportMenu(sandboxClient(client).clientId)
        .products.map((p) => `${p.ext_id}=${JSON.stringify(p.price)}`)
        .sort(),
    sourceMenu: (spec) =>
      Array.from({ length: spec.products ?? 6 }, (_, i) => {
        const price = Number((2 + (i + 1) / 10 + bump(spec.client)).toFixed(2));
        return `item-${i + 1}=${JSON.stringify(price)}`;
      }).sort(),
    async waitForLedger(done, timeoutMs = 40_000) {
      // The table itself, not `fleet status` in a loop: a CLI process every half second would
      // take the CPU the workers need.
      const until = Date.now() + timeoutMs;
      let rows: LedgerRow[] = [];
      while (Date.now() < until) {
        rows = await sql<LedgerRow>(
          `SELECT target, state, worker, attempts, source, exit_code FROM "${schema}".worker_jobs`,
        );
        if (done(rows)) return rows;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      throw new Error(`the ledger never got there: ${JSON.stringify(rows)}`);
    },
    async status() {
      const result = await run(['fleet', 'status', '--json']);
      if (result.code !== 0) throw new Error(`fleet status failed: ${result.stderr}`);
      return JSON.parse(result.stdout) as StatusJson;
    },
  };
}

export function spawnWorker(name: string, args: string[], cwd: string): WorkerProcess {
  const proc = spawn(process.execPath, [CLI, ...args, '--debug'], {
    cwd,
    env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers: (() => void)[] = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of [...watchers]) watcher();
  };
  proc.stdout!.on('data', take);
  proc.stderr!.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('close', (code, signal) => {
      recordOutput(args, output, '');
      resolve({ code, signal });
    }),
  );
  onTestFinished(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  return {
    proc,
    name,
    exited,
    output: () => output,
    saw: (text, times = 1) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (output.split(text).length - 1 >= times) {
            watchers.splice(watchers.indexOf(check), 1);
            resolve();
          }
        };
        watchers.push(check);
        void exited.then(() =>
          reject(new Error(`worker ${name} exited before "${text}" x${times}: ${output}`)),
        );
        check();
      }),
  };
}
