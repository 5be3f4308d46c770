import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';

// Shared by the mapping tests (test/mappings, test/mapping, test/mapping-document): where the
// fixtures and the real exports live, and small finders over an extract result.

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real POS exports next to the repository (never copied into it). */
export const SAMPLES_ROOT = path.resolve(REPO_ROOT, '../shared/pos-samples');

/** A file under fixtures/ (fixtures that belong to no one shipped format). */
export const fixturePath = (rel: string): string => path.join(REPO_ROOT, 'fixtures', rel);

/** A shipped format's own fixture, `<format>/<file>`: mappings/<format>/fixtures/<file>. */
export function formatFixture(rel: string): string {
  const [format = '', ...file] = rel.split('/');
  return path.join(REPO_ROOT, 'mappings', format, 'fixtures', ...file);
}

/** A shipped mapping's file: mappings/<name>/mapping.yaml. */
export const shippedMappingPath = (name: string): string =>
  path.join(REPO_ROOT, 'mappings', name, 'mapping.yaml');

function sample(rel: string): { path: string; present: boolean } {
  const found = path.join(SAMPLES_ROOT, rel);
  const present = existsSync(found);
  if (!present) console.warn(`Skipping the real samples in ${rel}: ${found} is absent`);
  return { path: found, present };
}

/** A folder of real exports; warns visibly (and `present` is false) when it is absent. */
export function samplesDir(sub: string): { dir: string; present: boolean } {
  const { path: dir, present } = sample(sub);
  return { dir, present };
}

/** One real export file; warns visibly (and `present` is false) when it is absent. */
export function sampleFile(rel: string): { file: string; present: boolean } {
  const { path: file, present } = sample(rel);
  return { file, present };
}

/** Runs a shipped mapping on one input, relative to `dir` when given. */
export function extractWith(mapping: string, dir?: string) {
  return (file: string, params?: Record<string, string>): Promise<ExtractResult> =>
    extractMenu({
      mapping,
      inputs: [dir === undefined ? file : path.join(dir, file)],
      ...(params ? { params } : {}),
    });
}

type Product = ExtractResult['menu']['products'][number];

/** The product with this ext_id; throws when there is none. */
export function product(result: ExtractResult, extId: string): Product {
  const found = result.menu.products.find((p) => p.ext_id === extId);
  if (!found) throw new Error(`no product ${extId}`);
  return found;
}

export const errorsOf = (result: ExtractResult) => result.issues.filter((i) => i.severity === 'error');

export const warningsOf = (result: ExtractResult) => result.issues.filter((i) => i.severity === 'warning');

/** Skipped counts by reason. */
export function skippedCounts(result: ExtractResult): Record<string, number> {
  return Object.fromEntries(result.skipped.map((s) => [s.reason, s.count]));
}
