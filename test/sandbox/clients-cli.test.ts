import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, recordOutput } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// These run the BUILT CLI: `npm run build` first (npm test does).

describe('menusync sandbox --clients', () => {
  it('serves client-1..N, each with its own menu and a derivable secret written to --secrets-dir', async () => {
    const secrets = path.join(testTempDir('sandbox-clients'), 'secrets');
    const args = ['sandbox', '--port', '0', '--clients', '3', '--secrets-dir', secrets];
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /^MENUSYNC_BASE_URL=(\S+)$/m.exec(stdout);
        if (match && stdout.includes('press Ctrl+C')) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`sandbox exited early: ${stderr}`)));
    });
    try {
      expect(stdout).toContain('3 more clients: client-1 .. client-3, secret of client-N: client-N-secret');
      expect(await readFile(path.join(secrets, 'client-2.secret'), 'utf8')).toBe('client-2-secret\n');
      const as = (n: number) => ({ 'x-client-id': `client-${n}`, 'x-client-secret': `client-${n}-secret` });
      const imported = await fetch(`${url}/menu/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...as(2) },
        body: JSON.stringify({
          pos_uid: 'default',
          update_mode: 'replace',
          categories: [{ ext_id: 'C1', name: 'Pizza' }],
          products: [{ ext_id: 'P1', category_ext_id: 'C1', name: 'Margherita', price: 900 }],
        }),
      });
      expect(await imported.json()).toMatchObject({ success: true });
      const count = async (n: number) =>
        (
          (await (await fetch(`${url}/menu/categories?page=1`, { headers: as(n) })).json()) as {
            total_count: number;
          }
        ).total_count;
      expect([await count(1), await count(2), await count(3)]).toEqual([0, 1, 0]);
      const wrong = await fetch(`${url}/menu/categories?page=1`, {
        headers: { 'x-client-id': 'client-1', 'x-client-secret': 'client-2-secret' },
      });
      expect(wrong.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    recordOutput(args, stdout, stderr);
  });
});
