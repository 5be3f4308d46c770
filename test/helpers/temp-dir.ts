import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A fresh `menusync-<prefix>-*` folder in the temp directory, removed when the calling test ends,
 * passed or failed: a suite run must leave nothing behind in /tmp. Call it inside a test.
 */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `menusync-${prefix}-`));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
