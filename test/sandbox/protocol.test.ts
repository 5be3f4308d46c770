import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { DEMO_CLIENT } from '../../src/sandbox/types.js';
import { call, sandboxWith } from './fixture.js';

const menu = {
  pos_uid: 'pos-1',
  update_mode: 'replace',
  categories: [{ ext_id: 'C1', name: 'Pizza', options: [{ ext_id: 'O', option_values: [{ ext_id: 'V' }] }] }],
  products: [{ ext_id: 'P1', category_ext_id: 'C1', name: 'Margherita' }],
};

async function token(url: string, form: Record<string, string>) {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('sandbox token endpoint', () => {
  it('issues sbx_at_ tokens with the configured lifetime', async () => {
    const { sandbox, clients } = await sandboxWith(1, { tokenLifetimeSeconds: 120 });
    const { clientId, clientSecret } = clients[0]!;
    const answer = await token(sandbox.url, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 120 });
    expect(answer.json.access_token).toMatch(/^sbx_at_[0-9a-f]{32}$/);
  });

  it.each([
    [{ grant_type: 'password' }, 400, 'unsupported_grant_type'],
    [{ grant_type: 'client_credentials' }, 400, 'invalid_request'],
    [
      { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'wrong-secret' },
      401,
      'invalid_client',
    ],
  ])('answers %j with %i %s', async (form, status, error) => {
    const { sandbox } = await sandboxWith();
    const answer = await token(sandbox.url, form);
    expect(answer).toMatchObject({ status, json: { error } });
    expect(answer.json.error_description).toEqual(expect.any(String));
  });
});

describe('sandbox import endpoint', () => {
  it('answers 401 INVALID_AUTH without credentials and the OAuth body for a bad bearer', async () => {
    const { sandbox } = await sandboxWith();
    expect(await call(sandbox, undefined, 'POST', '/menu/import', menu)).toMatchObject({
      status: 401,
      json: { success: false, error: 'INVALID_AUTH' },
    });
    const bearer = await call(sandbox, undefined, 'POST', '/menu/import', menu, {
      authorization: 'Bearer sbx_at_00000000000000000000000000000000',
    });
    expect(bearer).toMatchObject({ status: 401, json: { error: 'invalid_token' } });
  });

  it('answers 403 to a client without the write:menu scope', async () => {
    const sandbox = await startSandbox({
      clients: [{ clientId: 'reader', clientSecret: 'sbx_cs_0123456789', scopes: [] }],
    });
    try {
      const answer = await call(
        sandbox,
        { clientId: 'reader', clientSecret: 'sbx_cs_0123456789' },
        'POST',
        '/menu/import',
        menu,
      );
      expect(answer).toMatchObject({ status: 403, json: { error: 'INSUFFICIENT_SCOPE' } });
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    [{ update_mode: 'replace', categories: [], products: [] }, 'MISSING_PARAMETER'],
    [{ pos_uid: 'x', categories: [], products: [] }, 'MISSING_PARAMETER'],
    [{ pos_uid: 'x', update_mode: 'replace', products: [] }, 'MISSING_PARAMETER'],
    [{ pos_uid: 'x', update_mode: 'upsert' }, 'VALIDATION_ERROR'],
    ['{not json', 'VALIDATION_ERROR'],
  ])('answers 200 with an error for %j', async (body, error) => {
    const { sandbox, clients } = await sandboxWith();
    expect(await call(sandbox, clients[0], 'POST', '/menu/import', body)).toMatchObject({
      status: 200,
      json: { success: false, error },
    });
  });

  it('answers 413 to a body over maxImportBytes', async () => {
    const { sandbox, clients } = await sandboxWith(1, { maxImportBytes: 100 });
    const answer = await call(sandbox, clients[0], 'POST', '/menu/import', menu);
    expect(answer.status).toBe(413);
    expect(sandbox.importCount(clients[0]!.clientId)).toBe(0);
  });
});

describe('sandbox reads and inspection', () => {
  it('pages categories and validates the paging parameters', async () => {
    const { sandbox, clients } = await sandboxWith();
    await call(sandbox, clients[0], 'POST', '/menu/import', {
      ...menu,
      categories: Array.from({ length: 5 }, (_, i) => ({ ext_id: `C${i}`, name: `Cat ${i}` })),
      products: [],
    });
    const page2 = await call(sandbox, clients[0], 'GET', '/menu/categories?page=2&pagesize=2');
    expect(page2.json).toMatchObject({ success: true, page: 2, pagesize: 2, total_count: 5, more: true });
    expect((page2.json?.categories as { ext_id: string }[]).map((c) => c.ext_id)).toEqual(['C2', 'C3']);
    expect((await call(sandbox, clients[0], 'GET', '/menu/categories?page=3&pagesize=2')).json?.more).toBe(
      false,
    );
    expect((await call(sandbox, clients[0], 'GET', '/menu/categories?page=1&pagesize=101')).json?.error).toBe(
      'VALIDATION_ERROR',
    );
    expect((await call(sandbox, clients[0], 'GET', '/menu/categories')).json?.error).toBe(
      'MISSING_PARAMETER',
    );
  });

  it('shows the full stored menu with products on /_sandbox/menu', async () => {
    const { sandbox, clients } = await sandboxWith();
    await call(sandbox, clients[0], 'POST', '/menu/import', menu);
    const answer = await call(sandbox, clients[0], 'GET', '/_sandbox/menu');
    expect(answer.json).toMatchObject({ success: true, import_count: 1 });
    expect((answer.json?.menu as { products: unknown[] }).products).toHaveLength(1);
  });

  it('takes faults over HTTP and applies them to the next matching requests only', async () => {
    const { sandbox, clients } = await sandboxWith();
    const injected = await call(sandbox, undefined, 'POST', '/_sandbox/faults', [
      { kind: 'status', status: 503, count: 2, path: '/menu/categories' },
    ]);
    expect(injected.json).toMatchObject({ success: true, injected: 1 });
    expect((await call(sandbox, clients[0], 'POST', '/menu/import', menu)).status).toBe(200);
    expect((await call(sandbox, clients[0], 'GET', '/menu/categories?page=1')).status).toBe(503);
    expect((await call(sandbox, clients[0], 'GET', '/menu/categories?page=1')).status).toBe(503);
    expect((await call(sandbox, clients[0], 'GET', '/menu/categories?page=1')).status).toBe(200);
    const bad = await call(sandbox, undefined, 'POST', '/_sandbox/faults', [{ kind: 'explode' }]);
    expect(bad.json).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });

  it('answers 404 outside the base path', async () => {
    const { sandbox, clients } = await sandboxWith(1, { basePath: '/api' });
    const root = new URL(sandbox.url).origin;
    expect((await fetch(`${root}/menu/import`, { method: 'POST' })).status).toBe(404);
    expect((await call(sandbox, clients[0], 'POST', '/menu/import', menu)).status).toBe(200);
  });

  it('lets the demo client in when no clients are given', async () => {
    const sandbox = await startSandbox();
    try {
      expect((await call(sandbox, DEMO_CLIENT, 'POST', '/menu/import', menu)).json).toEqual({
        success: true,
      });
    } finally {
      await sandbox.close();
    }
  });
});

describe('sandbox persistence', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps menus, uids and import counts across a restart', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'menusync-sandbox-'));
    const dataFile = path.join(dir, 'sandbox.json');
    const { sandbox, clients } = await sandboxWith(1, { dataFile });
    const client = clients[0]!;
    await call(sandbox, client, 'POST', '/menu/import', menu);
    const before = sandbox.storedMenu(client.clientId);
    await sandbox.close();
    expect(JSON.parse(await readFile(dataFile, 'utf8'))).toMatchObject({ version: 1 });

    const restarted = await startSandbox({ dataFile, clients: [{ ...client, scopes: ['write:menu'] }] });
    try {
      expect(restarted.storedMenu(client.clientId)).toEqual(before);
      expect(restarted.importCount(client.clientId)).toBe(1);
      await call(restarted, client, 'POST', '/menu/import', { ...menu, update_mode: 'merge' });
      expect(restarted.storedMenu(client.clientId).categories[0]!.uid).toBe(before.categories[0]!.uid);
    } finally {
      await restarted.close();
    }
  });
});
