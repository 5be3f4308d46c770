import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { call, sandboxWith } from './fixture.js';

// `menusync remote products` (the built CLI, a child process): what reached the sandbox, product
// by product; pointed at a platform without the sandbox's view, one clear line and exit 2.

describe('menusync remote products', () => {
  it('lists every product by category with its price, hidden flag and options', async () => {
    const { sandbox, clients } = await sandboxWith(1);
    const client = clients[0]!;
    const imported = await call(sandbox, client, 'POST', '/menu/import', {
      pos_uid: 'pos-1',
      update_mode: 'replace',
      categories: [{ ext_id: 'C1', name: 'Pizza' }],
      products: [
        {
          ext_id: 'P1',
          category_ext_id: 'C1',
          name: 'Margherita',
          price: 9,
          options: [
            {
              ext_id: 'size',
              name: 'Size',
              type: 'single',
              min_selectable: 1,
              max_selectable: 1,
              option_values: [
                { ext_id: 's', name: 'Small', price_operator: '+', price_operand: 0 },
                { ext_id: 'l', name: 'Large', price_operator: '+', price_operand: 3 },
              ],
            },
          ],
        },
        { ext_id: 'P2', category_ext_id: 'C1', name: 'Calzone', price: 11.5, hidden: true },
      ],
    });
    expect(imported.json).toEqual({ success: true });
    const env = {
      MENUSYNC_BASE_URL: sandbox.url,
      MENUSYNC_CLIENT_ID: client.clientId,
      MENUSYNC_CLIENT_SECRET: client.clientSecret,
    };

    const result = await runCli(['remote', 'products'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      'Pizza (C1)',
      '  Margherita (P1)  9.00',
      '    Size [single, choose 1..1]: Small +0.00, Large +3.00',
      '  Calzone (P2)  11.50  hidden',
      '2 products',
    ]);

    const json = await runCli(['remote', 'products', '--json', '--auth', 'headers'], { env });
    expect(json.code).toBe(0);
    const menu = JSON.parse(json.stdout) as { products: { ext_id: string; uid: string }[] };
    expect(menu.products.map((p) => p.ext_id)).toEqual(['P1', 'P2']);
  });

  it('exits 2 with one line naming `remote categories` where there is no sandbox view', async () => {
    // A server that, like the platform, has no /_sandbox/menu.
    const server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'no such endpoint' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const env = {
        MENUSYNC_BASE_URL: `http://127.0.0.1:${port}`,
        MENUSYNC_CLIENT_ID: 'someone',
        MENUSYNC_CLIENT_SECRET: 'not-a-real-secret-1234',
      };
      const result = await runCli(['remote', 'products', '--auth', 'headers'], { env });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        'has no products view: `remote products` reads the menusync sandbox only',
      );
      expect(result.stderr).toContain('menusync remote categories');
      expect(result.stderr).not.toContain('not-a-real-secret-1234');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
