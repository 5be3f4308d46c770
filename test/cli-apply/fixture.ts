import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { CLI, REPO_ROOT, recordOutput, runCli, type CliResult } from '../helpers/run-cli.js';
import { testClient } from '../helpers/secrets.js';

export const DEMO_MAPPING = path.join(REPO_ROOT, 'fixtures/demo/demo-mapping.yaml');

/** A demo-format export with `count` products over three categories; `priceBump` changes every price. */
export function menuCsv(count: number, priceBump = 0): string {
  const lines = ['Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""'];
  for (let i = 1; i <= count; i++) {
    const category = ['Coffee', 'Tea', 'Bakery'][i % 3];
    lines.push(
      `item-${i},Item ${i},${category},,,${(2 + i / 10 + priceBump).toFixed(2)},Y,${i % 4 === 0 ? 'Y' : 'N'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface CliWorld {
  sandbox: SandboxHandle;
  dir: string;
  stateDir: string;
  clientId: string;
  env: Record<string, string>;
  /** Writes an export into the temp folder and returns its path. */
  writeExport(name: string, content: string): Promise<string>;
  run(args: string[], options?: { env?: Record<string, string> }): Promise<CliResult>;
  /** Common plan/apply arguments for an input file. */
  args(command: 'plan' | 'apply', input: string, ...more: string[]): string[];
  imports(): number;
  close(): Promise<void>;
}

export async function startWorld(): Promise<CliWorld> {
  const credentials = testClient();
  const sandbox = await startSandbox({ clients: [{ ...credentials, scopes: ['write:menu'] }] });
  const dir = await mkdtemp(path.join(tmpdir(), 'menusync-cli-'));
  const stateDir = path.join(dir, 'state');
  const env = {
    MENUSYNC_BASE_URL: sandbox.url,
    MENUSYNC_CLIENT_ID: credentials.clientId,
    MENUSYNC_CLIENT_SECRET: credentials.clientSecret,
  };
  return {
    sandbox,
    dir,
    stateDir,
    clientId: credentials.clientId,
    env,
    async writeExport(name, content) {
      const file = path.join(dir, name);
      await writeFile(file, content);
      return file;
    },
    run: (args, options = {}) => runCli(args, { env: { ...env, ...options.env }, cwd: dir }),
    args: (command, input, ...more) => [
      command,
      '--mapping',
      DEMO_MAPPING,
      '--input',
      input,
      '--state',
      stateDir,
      ...(command === 'apply' ? ['--max-attempts', '1'] : []),
      ...more,
    ],
    imports: () => sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length,
    async close() {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A config target `shop` of this world: the demo mapping, menu.csv, and client.secret beside the config. */
export function shopTargetLines(w: CliWorld): string[] {
  return [
    'targets:',
    '  shop:',
    `    mapping: ${DEMO_MAPPING}`,
    '    inputs: [menu.csv]',
    `    base_url: ${w.sandbox.url}`,
    `    client_id: ${w.clientId}`,
    '    client_secret_file: client.secret',
  ];
}

/** A CLI child we can watch while it runs (to kill it at a chosen point). */
export interface LiveCli {
  child: ChildProcess;
  stderr(): string;
  /** Resolves when stderr contains `text`. */
  waitFor(text: string): Promise<void>;
  done: Promise<CliResult>;
}

/** The CLI in a child process; `entry` may be another launcher of it (test/helpers/paused-cli.mjs). */
export function spawnCli(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  entry: string[] = [CLI],
): LiveCli {
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd,
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const w of waiters.filter((w) => stderr.includes(w.text))) w.resolve();
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) => {
      recordOutput(args, stdout, stderr);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    stderr: () => stderr,
    waitFor: (text) =>
      new Promise((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void done.then(() =>
          stderr.includes(text) ? resolve() : reject(new Error(`exited before "${text}": ${stderr}`)),
        );
      }),
    done,
  };
}
