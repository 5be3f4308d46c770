import { readFile, writeFile } from 'node:fs/promises';
import { onTestFinished } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/load-config.js';
import { startConsole, type RunningConsole } from '../../src/console/server.js';
import { readDecision, type RunDecision } from '../../src/history/run-decision.js';
import { sandboxClient } from '../../src/sandbox/index.js';
import { openStateStore } from '../../src/state/open-store.js';
import type { StateStore, TargetStore } from '../../src/state/store.js';
import { openQueue, type QueueConnection } from '../../src/worker/queue.js';
import { spawnWorker, type WorkerProcess } from '../worker/worker-world.js';
import { startConsoleWorld, type ConsoleTargetSpec, type ConsoleWorld } from './console-world.js';

/**
 * A console world over PostgreSQL with the workers beside it: `menusync worker` child processes on
 * the same config and state, and the console in this process with the workers' queue open, as
 * `menusync serve` opens it.
 */
export interface ApprovalWorld extends ConsoleWorld {
  /** `menusync worker --name NAME` (one slot, quick polling, held runs retried after 1 s, expiry checked each second). */
  worker(name: string): WorkerProcess;
  /** The queue as the console holds it, opened once. */
  queue(): Promise<QueueConnection>;
  /** The console with the workers' queue, on 127.0.0.1 and a free port. */
  serveBesideWorkers(): Promise<RunningConsole>;
  /** The state as this test reads it, and one target's part of it. */
  store: StateStore;
  targetStore(spec: ConsoleTargetSpec): TargetStore;
  decision(spec: ConsoleTargetSpec, runId: string): Promise<RunDecision | null>;
  /** Polls the run's decision until `done` says so. */
  waitForDecision(
    spec: ConsoleTargetSpec,
    runId: string,
    done: (decision: RunDecision | null) => boolean,
  ): Promise<RunDecision>;
  importCount(client: number): number;
  /** Rewrites the config: console.public_url, and the webhooks told of every outcome. */
  publish(publicUrl: string): Promise<void>;
}

export async function startApprovalWorld(dir: string, specs: ConsoleTargetSpec[]): Promise<ApprovalWorld> {
  const w = await startConsoleWorld(dir, specs, { postgres: true });
  const store = await openStateStore(w.stateUrl);
  onTestFinished(() => store.close());
  let queue: Promise<QueueConnection> | undefined;
  const openOnce = () => {
    if (!queue) {
      queue = openQueue(w.stateUrl, { name: 'menusync serve (test)', background: false });
      const opened = queue;
      onTestFinished(async () => (await opened).close());
    }
    return queue;
  };
  const targetStore = (spec: ConsoleTargetSpec) => {
    const id = sandboxClient(spec.client);
    return store.target({ baseUrl: w.sandbox.url, clientId: id.clientId, posUid: 'default' });
  };
  const decision = (spec: ConsoleTargetSpec, runId: string) => readDecision(targetStore(spec), runId);
  return Object.assign(w, {
    store,
    targetStore,
    decision,
    queue: openOnce,
    worker: (name: string) =>
      spawnWorker(
        name,
        [
          'worker',
          '--config',
          w.config,
          '--state',
          w.stateUrl,
          '--name',
          name,
          '--concurrency',
          '1',
          '--poll-seconds',
          '0.5',
          '--held-retry-seconds',
          '1',
          '--supervise-seconds',
          '1',
        ],
        w.dir,
      ),
    async serveBesideWorkers() {
      const loaded = (await loadConfig(w.config))!;
      const running = await startConsole({
        store,
        stateUrl: w.stateUrl,
        loaded,
        queue: await openOnce(),
        host: '127.0.0.1',
        port: 0,
        refreshSeconds: 0.05,
        env: {},
        log: () => undefined,
      });
      onTestFinished(() => running.close());
      return running;
    },
    async waitForDecision(
      spec: ConsoleTargetSpec,
      runId: string,
      done: (decision: RunDecision | null) => boolean,
    ) {
      let now: RunDecision | null = null;
      for (let waited = 0; waited < 40_000; waited += 200) {
        now = await decision(spec, runId);
        if (done(now)) return now!;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the decision never got there: ${JSON.stringify(now)}`);
    },
    importCount: (client: number) => w.sandbox.importCount(sandboxClient(client).clientId),
    async publish(publicUrl: string) {
      const config = parse(await readFile(w.config, 'utf8')) as {
        console: Record<string, unknown>;
        targets: Record<string, { notify?: Record<string, unknown> }>;
      };
      config.console.public_url = publicUrl;
      for (const target of Object.values(config.targets))
        if (target.notify) target.notify.on = ['blocked', 'applied', 'failed'];
      await writeFile(w.config, stringify(config));
    },
  });
}

/** Until the console sees a worker serving the state (its presence lock). */
export async function untilWorkersPresent(queue: QueueConnection, present = true): Promise<void> {
  for (let waited = 0; (await queue.workersPresent()) !== present; waited += 100) {
    if (waited > 20_000) throw new Error(`workers never ${present ? 'came' : 'went'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
