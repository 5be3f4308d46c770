import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyRun } from '../apply/apply-run.js';
import { planReport } from '../apply/6-record/run-report.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../apply/4-send/split-payload.js';
import type { Output } from '../output.js';
import { extractMenu } from '../mapping/extract-menu.js';
import { plan } from '../plan/index.js';
import { createPlatformClient } from '../platform/index.js';
import { renderTerminal } from '../report/index.js';
import { DEMO_CLIENT, startSandbox, type TamperSpec } from '../sandbox/index.js';
import { localStateStore } from '../state/local/local-store.js';
import type { Target } from '../state/target.js';
import { countOf } from '../plural.js';
import { PACKAGE_ROOT } from '../package-root.js';

/** The bundled example exports and their mapping (invented data), shipped in the package. */
export const DEMO_DIR = path.join(PACKAGE_ROOT, 'fixtures', 'demo') + path.sep;

interface DemoStep {
  title: string;
  file: string;
  /** Changed on the platform behind menusync's back before this step: the plan shows it first. */
  tamper?: TamperSpec;
}

const STEPS: readonly DemoStep[] = [
  { title: 'Step 1: first import of menu-v1.csv into an empty platform', file: 'menu-v1.csv' },
  { title: 'Step 2: menu-v2.csv (a price change, a new product, a removed product)', file: 'menu-v2.csv' },
  {
    title:
      'Step 3: the same export after someone edited the live menu by hand (2 products gone, a "Specials" category added)',
    file: 'menu-v2.csv',
    tamper: { removeProducts: 2, addHandmadeCategory: 'Specials' },
  },
];

/** The demo is a command of the command line only: it names how to keep its state as the CLI gives it. */
export interface DemoOptions {
  keep?: boolean;
  /** The flag that keeps the state folder, as its messages name it (`--keep`). */
  keepOption: string;
}

/**
 * `menusync demo` (npm start): the whole pipeline against an in-process sandbox on an ephemeral
 * port, with a temporary state folder. The second step removes a product, so it is a replace; the
 * removal is within the guard limits and the confirmation is implied (--yes). The third changes
 * the live menu behind the tool's back first: the plan shows that drift and the replace repairs it. The state folder
 * (snapshots, run history, HTML reports) is removed at the end unless `keep`: `npm start` run
 * again and again must not fill the temp directory.
 */
export async function runDemo(out: Output, options: DemoOptions): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const stateDir = await mkdtemp(path.join(tmpdir(), 'menusync-demo-'));
  try {
    out.info(`Sandbox platform running at ${sandbox.url} (client "${DEMO_CLIENT.clientId}")`);
    out.info(
      options.keep
        ? `State and reports go to ${stateDir} (kept: ${options.keepOption})\n`
        : `State and reports go to ${stateDir} (removed at the end; menusync demo ${options.keepOption} keeps them)\n`,
    );
    const target: Target = {
      name: 'demo',
      baseUrl: sandbox.url,
      clientId: DEMO_CLIENT.clientId,
      posUid: 'default',
    };
    const client = createPlatformClient({
      baseUrl: sandbox.url,
      auth: 'oauth',
      credentials: { ...DEMO_CLIENT },
      retry: { maxAttempts: 3, minDelayMs: 50, maxDelayMs: 200 },
      requestTimeoutMs: 10_000,
    });
    for (const step of STEPS) {
      out.info(`== ${step.title}\n`);
      if (step.tamper) sandbox.tamper(DEMO_CLIENT.clientId, step.tamper);
      const extracted = await extractMenu({
        mapping: path.join(DEMO_DIR, 'demo-mapping.yaml'),
        inputs: [path.join(DEMO_DIR, step.file)],
      });
      const { stats } = extracted;
      out.info(
        `Read ${countOf(stats.rows, 'row')}: ${countOf(stats.categories, 'category', 'categories')}, ${countOf(stats.products, 'product')}, ${countOf(stats.options, 'option')}, ${countOf(stats.option_values, 'option value')} (${countOf(stats.errors, 'error')}, ${countOf(stats.warnings, 'warning')})\n`,
      );
      const outcome = await applyRun(
        {
          target,
          store: localStateStore(stateDir),
          desired: extracted.menu,
          planOptions: { posUid: target.posUid, extractionErrors: stats.errors },
          maxPayloadBytes: DEFAULT_MAX_PAYLOAD_BYTES,
        },
        {
          plan,
          client,
          confirm: async (planned) => {
            out.data(renderTerminal(planReport(planned, target), { color: out.color }));
            return true;
          },
        },
      );
      const verification = outcome.verification;
      out.info(
        `Applied ${outcome.plan.mode} in ${countOf(outcome.requests, 'request')}, ${countOf(outcome.attempts, 'attempt')}.`,
      );
      out.info(
        verification?.status === 'verified'
          ? `Read-back verification: verified (categories, options, values and product counts match)`
          : `Read-back verification: ${verification?.status ?? 'not done'}${verification?.details.map((d) => `\n  - ${d}`).join('') ?? ''}`,
      );
      // A path the demo deletes at the end would be a dead end to whoever copies it: only --keep prints it.
      out.info(
        options.keep
          ? `HTML report: ${outcome.reports.html}\n`
          : `HTML report written to the state folder (menusync demo ${options.keepOption} keeps it)\n`,
      );
    }
    const live = sandbox.exportMenu(DEMO_CLIENT.clientId);
    out.info(
      `The sandbox now holds ${countOf(live.categories.length, 'category', 'categories')} and ${countOf(live.products.length, 'product')}.`,
    );
    if (options.keep) out.info(`State and reports are kept in ${stateDir}`);
  } finally {
    await sandbox.close();
    if (!options.keep) {
      await rm(stateDir, { recursive: true, force: true });
      out.info(`Removed ${stateDir}`);
    }
  }
}
