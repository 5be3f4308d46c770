import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { sandboxClient, sandboxClients, startSandbox } from '../src/sandbox/index.js';
import { openStateStore } from '../src/state/open-store.js';
import { newRunId } from '../src/state/run-history.js';
import type { StateStore } from '../src/state/store.js';
import { writeBenchCsv, writeFleetConfig } from './generate.js';
import { median, round } from './measure.js';
import { dropSchemas, PG_BASE, pgQuery, schemaUrl } from './postgres-state-target.js';
import type { BenchContext, BenchRow } from './types.js';

/** Issue 34: each page of the fleet under 300 ms at 10,000 targets. */
export const CONSOLE_PAGE_LIMIT_MS = 300;
const CLI = path.join(PACKAGE_ROOT, 'bin', 'menusync.js');
const TOKEN = `bench-console-${randomBytes(12).toString('hex')}`;
/** The index is rebuilt after this long: the stale rows below ask for a page while it is. */
const REFRESH_SECONDS = 2;
const TEMPLATE_PRODUCTS = 50;

/** The pages timed: the first page, a filtered one and a deep one (three quarters in), as `/`'s query strings. */
function pagesOf(targets: number): [string, string][] {
  const pages = Math.ceil(targets / 50);
  const deep = Math.max(1, Math.ceil((pages * 3) / 4));
  return [
    ['first page', ''],
    ['filtered page (outcome blocked, one tag, drifted)', '?outcome=blocked&tag=region-3&drift=drifted'],
    [`deep page (${deep} of ${pages})`, `?page=${deep}`],
  ];
}

/** One real run's files (report.json, plan.json, the reports, payload…), as a run left them. */
type RunFiles = Map<string, Buffer>;

/**
 * Three real runs of one target against the sandbox, by the CLI: a first apply, an apply after a
 * category was made by hand on the platform (drift), and one a guard blocked (most products gone).
 */
async function templateRuns(dir: string, log: (m: string) => void): Promise<RunFiles[]> {
  const sandbox = await startSandbox({ clients: sandboxClients(1) });
  try {
    const config = await writeFleetConfig(dir, 1, sandbox.url, TEMPLATE_PRODUCTS);
    const state = path.join(dir, 'template-state');
    const apply = (allowed: number[]) =>
      promisify(execFile)(
        process.execPath,
        [CLI, 'apply', '--all', '--yes', '--quiet', '--config', config, '--state', state],
        {
          cwd: dir,
        },
      ).then(
        () => 0,
        (error: { code?: number }) => {
          if (!allowed.includes(error.code ?? -1)) throw error;
          return error.code;
        },
      );
    log('console: three real runs of one target for the template');
    await apply([0]);
    sandbox.tamper(sandboxClient(1).clientId, { addHandmadeCategory: 'Specials' });
    await apply([0]);
    await writeBenchCsv(path.join(dir, 'menu.csv'), { products: 5 });
    await apply([3]);
    const store = await openStateStore(state);
    try {
      const [stored] = await store.listTargets();
      const target = store.target({ ...stored!.target!, posUid: 'default' });
      const runs = await target.listRuns();
      return Promise.all(
        runs.map(async (run) => {
          const files: RunFiles = new Map();
          for (const name of await target.listRunFiles(run.id))
            files.set(name, (await target.readRunFile(run.id, name))!);
          return files;
        }),
      );
    } finally {
      await store.close();
    }
  } finally {
    await sandbox.close();
  }
}

/** A config of `targets` targets in 20 regions, every other one on a nightly schedule. */
async function writeConsoleConfig(dir: string, targets: number): Promise<string> {
  const config: Record<string, unknown> = {};
  for (let i = 0; i < targets; i++)
    config[`shop-${i}`] = {
      client_id: `client-${i}`,
      tags: [`region-${i % 20}`],
      ...(i % 2 === 0 ? { schedule: `${i % 60} 3 * * *`, timezone: 'Europe/Paris' } : {}),
    };
  const file = path.join(dir, 'console.config.yaml');
  await writeFile(
    file,
    stringify({
      defaults: { base_url: 'http://127.0.0.1:9/bench', mapping: 'bench.yaml', inputs: ['menu.csv'] },
      targets: config,
    }),
  );
  return file;
}

/**
 * Every target's runs, written through the store's public API as a run writes them (lock, identity,
 * createRun, each file), in an order that leaves a third of the fleet blocked, a third drifted and
 * a third applied. Eight targets at a time.
 */
async function fillState(store: StateStore, targets: number, runs: RunFiles[]): Promise<void> {
  const started = Date.now() - targets * 1000;
  let next = 0;
  const worker = async () => {
    while (next < targets) {
      const i = next++;
      const target = store.target({
        baseUrl: 'http://127.0.0.1:9/bench',
        clientId: `client-${i}`,
        posUid: 'default',
      });
      const lock = await target.lock();
      try {
        await target.writeIdentity();
        for (let k = 0; k < runs.length; k++) {
          const files = runs[(i + k + 1) % runs.length]!;
          const record = await target.createRun(newRunId(new Date(started + i * 1000 + k * 10)));
          for (const [name, bytes] of files) await record.write(name, bytes);
        }
      } finally {
        await lock.release();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

interface Serving {
  url: string;
  stop(): Promise<void>;
}

/** `menusync serve` as a child process, as an operator starts it. */
async function serve(config: string, state: string): Promise<Serving> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      '--config',
      config,
      '--state',
      state,
      '--listen',
      '127.0.0.1:0',
      '--refresh-seconds',
      String(REFRESH_SECONDS),
    ],
    { env: { ...process.env, MENUSYNC_CONSOLE_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const printed = /menusync serve: (http:\/\/\S+) /.exec(out)?.[1];
      if (printed) resolve(printed);
    });
    void exited.then(() => reject(new Error(`menusync serve exited: ${err.trim()}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One GET's wall time and its body. */
async function timedGet(url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

/** The reference: a bare node:http server on loopback answering with the same page's bytes. */
async function rawServer(): Promise<{ url: string; pages: Map<string, string>; close(): Promise<void> }> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pages.get(request.url ?? '') ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function msRow(
  target: string,
  size: number,
  ms: number[],
  reference: number[] | null,
  limit: number | null,
): BenchRow {
  const measured = round(median(ms), 1);
  return {
    target,
    size,
    subjectMs: measured,
    referenceMs: reference ? round(median(reference), 1) : null,
    measured,
    unit: 'ms',
    cpuRatio: null,
    // The table's spread column is of ratios: the ms range goes in the check instead.
    spread: null,
    limit,
    bound: 'below',
    subjectRssMb: null,
    referenceRssMb: null,
    pass: limit === null || measured < limit,
    check: `${round(Math.min(...ms), 1)}–${round(Math.max(...ms), 1)} ms over ${ms.length}`,
  };
}

/** The console over one state: the cold first page, each page warm (against the raw reference), and a page asked while the index is stale. */
async function timeConsole(
  ctx: BenchContext,
  label: string,
  config: string,
  state: string,
  targets: number,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const started = performance.now();
  const serving = await serve(config, state);
  const raw = await rawServer();
  try {
    const first = await timedGet(serving.url);
    rows.push(
      msRow(
        `console fleet, ${label}: first page after start (reads the whole fleet)`,
        targets,
        [performance.now() - started],
        null,
        null,
      ),
    );
    if (!first.body.includes(`of ${targets} targets`))
      throw new Error(`the fleet page does not list ${targets} targets`);
    for (const [name, query] of pagesOf(targets)) {
      const subject: number[] = [];
      const reference: number[] = [];
      for (let rep = 0; rep < ctx.warmup + ctx.reps; rep++) {
        const page = await timedGet(`${serving.url}${query}`);
        raw.pages.set(`/${query}`, page.body);
        const bare = await timedGet(`${raw.url}/${query}`);
        if (rep < ctx.warmup) continue;
        subject.push(page.ms);
        reference.push(bare.ms);
      }
      const row = msRow(
        `console fleet, ${label}: ${name}`,
        targets,
        subject,
        reference,
        CONSOLE_PAGE_LIMIT_MS,
      );
      row.check = `${row.check}; ${round(median(subject) / median(reference), 1)}x the raw server's ${round(median(reference), 1)} ms`;
      rows.push(row);
    }
    // Asked just after the index went stale: the page must not wait for the fleet to be read again.
    const stale: number[] = [];
    for (let rep = 0; rep < ctx.reps; rep++) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_SECONDS * 1000 + 200));
      stale.push((await timedGet(serving.url)).ms);
    }
    rows.push(
      msRow(
        `console fleet, ${label}: first page, index stale (rebuilt meanwhile)`,
        targets,
        stale,
        null,
        CONSOLE_PAGE_LIMIT_MS,
      ),
    );
  } finally {
    await raw.close();
    await serving.stop();
  }
  ctx.log(`console: ${label}: ${rows.map((row) => `${row.measured} ms`).join(', ')}`);
  return rows;
}

/**
 * Issue 34: the console's fleet pages at `targets` targets with three stored runs each (real runs'
 * files), over a state folder and a PostgreSQL schema (dropped afterwards).
 */
export async function runConsoleTarget(ctx: BenchContext, targets: number): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(ctx.dir, 'console-'));
  const runs = await templateRuns(dir, ctx.log);
  const config = await writeConsoleConfig(dir, targets);
  const states: [string, string][] = [['local state', path.join(dir, 'state')]];
  const prefix = `menusync_bench_console_${randomBytes(3).toString('hex')}`;
  try {
    await pgQuery('SELECT 1');
    states.push(['PostgreSQL state', schemaUrl(PG_BASE, prefix)]);
  } catch {
    ctx.log('console: PostgreSQL unreachable, its rows skipped');
  }
  const rows: BenchRow[] = [];
  try {
    for (const [label, state] of states) {
      const fillStarted = performance.now();
      const store = await openStateStore(state);
      try {
        await fillState(store, targets, runs);
      } finally {
        await store.close();
      }
      ctx.log(
        `console: ${label}: ${targets} targets x ${runs.length} runs written in ${round((performance.now() - fillStarted) / 1000, 1)} s`,
      );
      rows.push(...(await timeConsole(ctx, label, config, state, targets)));
    }
  } finally {
    if (states.length > 1) await dropSchemas(prefix);
  }
  return rows;
}
