import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The package's own files (mappings/, fixtures/demo/, package.json) are found from the package root,
// not by counting levels up from a compiled file: the same sources compile to dist/ and to
// dist-bench/src/, and run as src/ under vitest, each at a different depth.
const PACKAGE_NAME = 'menusync';

/** The nearest folder at or above `start` whose package.json names this package. */
export function findPackageRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && readName(manifest) === PACKAGE_NAME) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${PACKAGE_NAME} at or above ${start}`);
    dir = parent;
  }
}

function readName(manifest: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'name' in parsed) {
      return typeof parsed.name === 'string' ? parsed.name : undefined;
    }
  } catch {
    // An unreadable or invalid package.json on the way up belongs to someone else: keep climbing.
  }
  return undefined;
}

/** Root folder of the installed menusync package (holds package.json, mappings/, fixtures/). */
export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
