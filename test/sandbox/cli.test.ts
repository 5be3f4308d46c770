import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, recordOutput, runCli } from '../helpers/run-cli.js';
import { sandboxWith } from './fixture.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

describe('menusync sandbox', () => {
  it('prints its URL and the demo credentials, serves, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', '--base-path', '/api'], {
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /^MENUSYNC_BASE_URL=(\S+)$/m.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`sandbox exited early: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      expect(stdout).toContain('MENUSYNC_CLIENT_ID=demo');
      expect(stdout).toContain('MENUSYNC_CLIENT_SECRET=demo-secret');
      const answer = await fetch(`${url}/menu/categories?page=1`, {
        headers: { 'x-client-id': 'demo', 'x-client-secret': 'demo-secret' },
      });
      expect(await answer.json()).toMatchObject({ success: true, total_count: 0 });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    recordOutput(['sandbox', '--port', '0'], stdout, stderr);
  });
});

describe('menusync remote categories', () => {
  async function seeded() {
    const { sandbox, clients } = await sandboxWith(1, { basePath: '/api' });
    const client = clients[0]!;
    const response = await fetch(`${sandbox.url}/menu/import`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': client.clientId,
        'x-client-secret': client.clientSecret,
      },
      body: JSON.stringify({
        pos_uid: 'pos-1',
        update_mode: 'replace',
        categories: [
          { ext_id: 'C1', name: 'Pizza', options: [{ ext_id: 'SIZE' }, { ext_id: 'CRUST' }] },
          { ext_id: 'C2', name: 'Secret menu', hidden: true },
        ],
        products: [{ ext_id: 'P1', category_ext_id: 'C1', name: 'Margherita' }],
      }),
    });
    expect(await response.json()).toEqual({ success: true });
    const env = {
      MENUSYNC_BASE_URL: `${sandbox.url}/`,
      MENUSYNC_CLIENT_ID: client.clientId,
      MENUSYNC_CLIENT_SECRET: client.clientSecret,
    };
    return { sandbox, client, env };
  }

  it('prints a table of the visible categories', async () => {
    const { sandbox, env } = await seeded();
    const result = await runCli(['remote', 'categories'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const uid = sandbox.storedMenu(env.MENUSYNC_CLIENT_ID).categories[0]!.uid;
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^name\s+ext_id\s+uid\s+products\s+hidden\s+options$/);
    expect(lines[1]).toMatch(new RegExp(`^Pizza\\s+C1\\s+${uid}\\s+1\\s+no\\s+2$`));
    expect(lines).toHaveLength(3);
  });

  it('prints JSON including hidden categories with --json --visible 0', async () => {
    const { env } = await seeded();
    const result = await runCli(['remote', 'categories', '--json', '--visible', '0', '--auth', 'headers'], {
      env,
    });
    expect(result.code).toBe(0);
    const categories = JSON.parse(result.stdout) as { ext_id: string; products_count: number }[];
    expect(categories.map((c) => [c.ext_id, c.products_count])).toEqual([
      ['C1', 1],
      ['C2', 0],
    ]);
  });

  it('exits 1 with one clear line when the platform refuses, without printing the secret', async () => {
    const { env } = await seeded();
    const wrong = { ...env, MENUSYNC_CLIENT_SECRET: `${env.MENUSYNC_CLIENT_SECRET}00` };
    const result = await runCli(['remote', 'categories'], { env: wrong });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: POST \/oauth\/token failed \(HTTP 401\): invalid_client/);
    expect(result.stderr).not.toContain(env.MENUSYNC_CLIENT_SECRET);
    expect(result.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  });
});
