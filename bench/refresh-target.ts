import { randomBytes } from 'node:crypto';
import { readLiveMenu } from '../src/apply/1-read/refresh.js';
import type { ImportPayload } from '../src/model/import-payload.js';
import { createPlatformClient, type PlatformClient } from '../src/platform/index.js';
import { startSandbox } from '../src/sandbox/index.js';
import { ratioRow } from './rows.js';
import { compare } from './measure.js';
import type { BenchContext, BenchRow, TaskSetup } from './types.js';

export const REFRESH_RATIO_LIMIT = 1.3;
export const REFRESH_CATEGORIES = 500;
const SECRET_ENV = 'MENUSYNC_BENCH_SECRET';
const PAGE_SIZE = 100;

function secret(): string {
  const value = process.env[SECRET_ENV];
  if (!value) throw new Error(`${SECRET_ENV} is not set`);
  return value;
}

/** The live menu to read: `products` over `categories`, each category with two options of five values. */
export function refreshMenu(products: number, categories: number): ImportPayload {
  const values = (option: string) =>
    Array.from({ length: 5 }, (_, v) => ({
      ext_id: `${option}-V${v}`,
      name: `Value ${v}`,
      price_operator: '+' as const,
      price_operand: v / 2,
    }));
  return {
    pos_uid: 'default',
    update_mode: 'replace',
    categories: Array.from({ length: categories }, (_, c) => ({
      ext_id: `C${c}`,
      name: `Category ${c}`,
      position: c,
      options: ['SIZE', 'EXTRA'].map((o) => ({
        ext_id: o,
        name: o,
        type: 'single',
        option_values: values(o),
      })),
    })),
    products: Array.from({ length: products }, (_, p) => ({
      ext_id: `P${p}`,
      category_ext_id: `C${p % categories}`,
      name: `Product ${p}`,
      price: 1 + (p % 100) / 10,
    })),
  };
}

/** What apply and plan do before planning: every page of GET /menu/categories?visible=0, as a LiveMenu. */
export const refreshTask: TaskSetup = async ([baseUrl, clientId]) => {
  const client: PlatformClient = createPlatformClient({
    baseUrl: baseUrl!,
    auth: 'oauth',
    credentials: { clientId: clientId!, clientSecret: secret() },
  });
  await client.prepare?.();
  return async () => {
    const live = await readLiveMenu(client);
    return `${live.categories.length} categories, ${live.products} products`;
  };
};

/** The floor: the same pages fetched and parsed with a token got beforehand, nothing else. */
export const refreshReferenceTask: TaskSetup = async ([baseUrl, clientId]) => {
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
    const categories: { products_count?: number }[] = [];
    for (let page = 1; ; page += 1) {
      const url = `${baseUrl}/menu/categories?page=${page}&pagesize=${PAGE_SIZE}&visible=0`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { categories: { products_count?: number }[]; more: boolean };
      categories.push(...body.categories);
      if (!body.more) break;
    }
    const products = categories.reduce((sum, c) => sum + (c.products_count ?? 0), 0);
    return `${categories.length} categories, ${products} products`;
  };
};

/** The refresh of a `size`-product, 500-category live menu vs the raw paged GETs of the same pages. */
export async function runRefreshTarget(ctx: BenchContext, size: number): Promise<BenchRow[]> {
  const clientId = 'bench';
  const clientSecret = `sbx_cs_${randomBytes(16).toString('hex')}`;
  const sandbox = await startSandbox({
    clients: [{ clientId, clientSecret, scopes: ['write:menu'] }],
    maxImportBytes: 256 * 1024 * 1024,
  });
  try {
    const categories = Math.min(REFRESH_CATEGORIES, size);
    const client = createPlatformClient({
      baseUrl: sandbox.url,
      auth: 'oauth',
      credentials: { clientId, clientSecret },
    });
    await client.importMenu(refreshMenu(size, categories));
    ctx.log(`refresh ${size}`);
    const env = { [SECRET_ENV]: clientSecret };
    const c = await compare(
      { task: 'refresh', args: [sandbox.url, clientId], env },
      { task: 'refresh-reference', args: [sandbox.url, clientId], env },
      ctx.reps,
      ctx.warmup,
    );
    return [ratioRow(`refresh (${categories} categories) vs raw paged GETs`, size, c, REFRESH_RATIO_LIMIT)];
  } finally {
    await sandbox.close();
  }
}
