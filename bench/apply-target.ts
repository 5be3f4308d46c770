import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyRun } from '../src/apply/apply-run.js';
import { payloadJson } from '../src/apply/4-send/payload-json.js';
import { extractMenu } from '../src/mapping/extract-menu.js';
import type { CanonicalMenu } from '../src/model/canonical-menu.js';
import { plan } from '../src/plan/index.js';
import { rememberSerializedPayload } from '../src/platform/client.js';
import { createPlatformClient, type PlatformClient } from '../src/platform/index.js';
import { startSandbox } from '../src/sandbox/index.js';
import { localStateStore } from '../src/state/local/local-store.js';
import type { Target } from '../src/state/target.js';
import { ratioRow } from './rows.js';
import { writeBenchCsv, writeBenchMapping } from './generate.js';
import { compare } from './measure.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

export const APPLY_RATIO_LIMIT = 1.15;
/** Large enough for a 100k-product replace; the bench measures speed, not the size guard. */
export const MAX_BYTES = 256 * 1024 * 1024;
export const SECRET_ENV = 'MENUSYNC_BENCH_SECRET';

export async function readMenu(file: string): Promise<CanonicalMenu> {
  return JSON.parse(await readFile(file, 'utf8')) as CanonicalMenu;
}

export function secret(): string {
  const value = process.env[SECRET_ENV];
  if (!value) throw new Error(`${SECRET_ENV} is not set`);
  return value;
}

/** A platform client with its token fetched and the HTTP stack warmed: untimed setup. */
export async function warmClient(baseUrl: string, clientId: string): Promise<PlatformClient> {
  const client = createPlatformClient({
    baseUrl,
    auth: 'oauth',
    credentials: { clientId, clientSecret: secret() },
  });
  await client.listCategories({ visible: 0 });
  return client;
}

/**
 * `menusync apply` minus extract: a first apply into a fresh state folder (a full replace) with
 * lock, run record, snapshot, reports and the read-back verification (`verify` = "off" skips it).
 */
export const applyTask: TaskSetup = async ([menuFile, baseUrl, clientId, stateRoot, verify]) => {
  const desired = await readMenu(menuFile!);
  const client = await warmClient(baseUrl!, clientId!);
  const store = localStateStore(await mkdtemp(path.join(stateRoot!, 'state-')));
  const target: Target = { baseUrl: baseUrl!, clientId: clientId!, posUid: 'default' };
  return async () => {
    const outcome = await applyRun(
      {
        target,
        store,
        desired,
        planOptions: { posUid: 'default' },
        maxPayloadBytes: MAX_BYTES,
        verify: verify !== 'off',
      },
      { plan, client, confirm: async () => true },
    );
    return `${outcome.plan.mode}, applied ${outcome.applied}, ${outcome.verification?.status ?? 'not verified'}`;
  };
};

/**
 * The floor of apply's own code: plan, the request body made as apply makes it, and the import
 * through the platform client (token, retry policy, body-sent signal), with none of apply's state
 * work (lock, status, snapshot, run history, reports, read-back). Against the raw reference it
 * tells apart the cost of our transport and the cost of that state work.
 */
export const applyImportOnlyTask: TaskSetup = async ([menuFile, baseUrl, clientId]) => {
  const desired = await readMenu(menuFile!);
  const client = await warmClient(baseUrl!, clientId!);
  return async () => {
    const planned = plan(desired, null, { posUid: 'default' });
    const payload = planned.payload!;
    rememberSerializedPayload(payload, Buffer.from(payloadJson(payload, desired).text, 'utf8'));
    const result = await client.importMenu(payload, { onBodySent: () => undefined });
    return `${planned.mode}, ${result.attempts} attempt(s)`;
  };
};

/** The floor: plan the same menu, then one raw POST of the payload bytes with a token got beforehand. */
export const applyReferenceTask: TaskSetup = async ([menuFile, baseUrl, clientId]) => {
  const desired = await readMenu(menuFile!);
  const tokenAnswer = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId!,
      client_secret: secret(),
    }).toString(),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  return async () => {
    const planned = plan(desired, null, { posUid: 'default' });
    const response = await fetch(`${baseUrl}/menu/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(planned.payload),
    });
    const text = await response.text();
    return `${planned.mode}, HTTP ${response.status}, ${text.length} bytes answered`;
  };
};

/** Target 4: end-to-end apply into a sandbox in this process vs plan + one raw POST to it. */
export async function runApplyTarget(ctx: BenchContext, size: number): Promise<BenchRow[]> {
  const clientId = 'bench';
  const clientSecret = `sbx_cs_${randomBytes(16).toString('hex')}`;
  const sandbox = await startSandbox({
    clients: [{ clientId, clientSecret, scopes: ['read:menu', 'write:menu'] }],
    maxImportBytes: MAX_BYTES,
  });
  try {
    const csv = path.join(ctx.dir, `apply-${size}.csv`);
    await writeBenchCsv(csv, { products: size });
    const { menu } = await extractMenu({ mapping: await writeBenchMapping(ctx.dir, 'csv'), inputs: [csv] });
    const menuFile = path.join(ctx.dir, `apply-menu-${size}.json`);
    await writeFile(menuFile, JSON.stringify(menu));
    const stateRoot = await mkdtemp(path.join(ctx.dir, 'apply-'));
    const env = { [SECRET_ENV]: clientSecret };
    const rows: BenchRow[] = [];
    for (const verify of ['on', 'off']) {
      ctx.log(`apply ${size} (verify ${verify})`);
      const c = await compare(
        { task: 'apply', args: [menuFile, sandbox.url, clientId, stateRoot, verify], env },
        { task: 'apply-reference', args: [menuFile, sandbox.url, clientId], env },
        ctx.reps,
        ctx.warmup,
      );
      const what = verify === 'on' ? 'with read-back' : 'no read-back';
      rows.push(ratioRow(`apply (replace, ${what}) vs plan + raw POST`, size, c, APPLY_RATIO_LIMIT));
    }
    // Diagnostic: the same import with none of apply's state work, under the same limit. Where this
    // passes and the rows above do not, the gap is the state work, not the transport.
    ctx.log(`apply ${size} (import only)`);
    const bare = await compare(
      { task: 'apply-import-only', args: [menuFile, sandbox.url, clientId], env },
      { task: 'apply-reference', args: [menuFile, sandbox.url, clientId], env },
      ctx.reps,
      ctx.warmup,
    );
    rows.push(
      ratioRow(
        'plan + client import, no state (diagnostic) vs plan + raw POST',
        size,
        bare,
        APPLY_RATIO_LIMIT,
      ),
    );
    return rows;
  } finally {
    await sandbox.close();
  }
}
