import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CanonicalMenu } from '../model/canonical-menu.js';
import { InvalidInputError } from '../errors.js';
import { hashMenu } from '../plan/canonical-json.js';
import { writeFileAtomic, writeJsonAtomic } from './atomic-write.js';

/** The last menu the platform CONFIRMED, per target: the baseline of the next plan. */
export const MenuSnapshot = z.object({
  formatVersion: z.literal(1),
  /** hashMenu(menu) (src/plan/canonical-json.ts) */
  hash: z.string(),
  appliedAt: z.string(),
  mode: z.enum(['merge', 'replace']),
  runId: z.string(),
  menu: CanonicalMenu,
});
export type MenuSnapshot = z.infer<typeof MenuSnapshot>;

/** What readSnapshot validates with zod: everything but the menu (see readSnapshot). */
const SnapshotEnvelope = MenuSnapshot.omit({ menu: true });

/** Marks a target whose platform state we cannot vouch for; the next apply sends a full replace. */
export const TargetStatus = z.object({
  uncertain: z.boolean(),
  reason: z.string().optional(),
  since: z.string().optional(),
  runId: z.string().optional(),
});
export type TargetStatus = z.infer<typeof TargetStatus>;

export const SNAPSHOT_FILE = 'snapshot.json';
export const STATUS_FILE = 'status.json';

/**
 * The baseline of the next plan. The file is ours (atomic writes, a hash inside), so only its
 * envelope is checked with zod and the menu is taken as parsed, after a hash check: re-parsing a
 * 100k-product menu with zod would deep-copy a million objects. A file written by writeSnapshot
 * holds the menu's canonical JSON verbatim, so the check hashes those bytes (no re-serialization);
 * an older pretty-printed file falls back to hashing the parsed menu.
 */
export async function readSnapshot(dir: string): Promise<MenuSnapshot | null> {
  const file = path.join(dir, SNAPSHOT_FILE);
  const read = await readHashed(file);
  if (read === null) return null;
  const { bytesHash } = read;
  const data = parseJson(file, read.text);
  const envelope = checked(file, data, SnapshotEnvelope);
  const menu = (data as { menu?: unknown }).menu;
  if (!isMenuShape(menu)) throw notState(file, 'menu: expected { categories: [...], products: [...] }');
  const snapshot: MenuSnapshot = { ...envelope, menu };
  if (bytesHash !== snapshot.hash && hashMenu(menu) !== snapshot.hash) {
    throw new InvalidInputError(`${file} does not match its hash: it was edited or is damaged`, {
      hint: REPAIR_HINT,
    });
  }
  return snapshot;
}

/**
 * Written compact, menu last and in canonical form: the hash is taken from the same bytes the
 * file holds (one serialization of the menu), and readSnapshot can check it without re-serializing.
 * The `hash` given is ignored in favour of the one of the bytes written (they agree for any
 * caller that computed hashMenu); returns it.
 */
export async function writeSnapshot(
  dir: string,
  snapshot: Omit<MenuSnapshot, 'hash'> & { hash?: string },
  prepared?: PreparedSnapshotMenu,
): Promise<string> {
  // Bytes made ahead are used only for the very menu object they were made from.
  const { json: menu, hash } =
    prepared?.menu === snapshot.menu ? prepared : prepareSnapshotMenu(snapshot.menu);
  const { formatVersion, appliedAt, mode, runId } = snapshot;
  const envelope = JSON.stringify({ formatVersion, hash, appliedAt, mode, runId });
  await writeFileAtomic(path.join(dir, SNAPSHOT_FILE), [envelope.slice(0, -1), MENU_KEY, menu, '}\n'], {
    pauseBeforeRename: 'before-rename',
  });
  return hash;
}

/** A snapshot's menu bytes and their hash, made ahead of writeSnapshot. */
export interface PreparedSnapshotMenu {
  menu: CanonicalMenu;
  json: string;
  hash: string;
}

/**
 * The CPU part of writeSnapshot, for callers that have idle time before the write may happen
 * (sendPlan: while the import request is out). The menu must not change afterwards.
 */
export function prepareSnapshotMenu(menu: CanonicalMenu): PreparedSnapshotMenu {
  const json = canonicalMenuJson(menu);
  return { menu, json, hash: sha256(json) };
}

/**
 * The same bytes as canonicalJson (src/plan/canonical-json.ts), so the hash stays hashMenu(menu),
 * without building a key-sorted copy of the menu: JSON.stringify given an array of property names
 * writes every object's members in that array's order, so the sorted union of all keys in the
 * menu sorts every level. At 5k products this took ~2/3 of the canonical pass's time.
 */
export function canonicalMenuJson(value: unknown): string {
  const keys = new Set<string>();
  collectKeys(value, keys);
  return JSON.stringify(value, [...keys].sort(byOwnKeyOrder));
}

/**
 * canonicalJson's order: it builds its copy in sorted order, but an object lists array-index keys
 * ("2", "10") first, in numeric order, whatever the order they were added in; the rest sorted.
 */
function byOwnKeyOrder(a: string, b: string): number {
  const ia = arrayIndex(a);
  const ib = arrayIndex(b);
  if (ia !== undefined || ib !== undefined) {
    if (ia === undefined) return 1;
    if (ib === undefined) return -1;
    return ia - ib;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

const MAX_ARRAY_INDEX = 2 ** 32 - 2;

function arrayIndex(key: string): number | undefined {
  if (key === '' || key.length > 10 || !/^(0|[1-9][0-9]*)$/.test(key)) return undefined;
  const n = Number(key);
  return n <= MAX_ARRAY_INDEX ? n : undefined;
}

function collectKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectKeys(item, keys);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      keys.add(key);
      collectKeys(record[key], keys);
    }
  }
}

const MENU_KEY = ',"menu":';
const REPAIR_HINT =
  'it was not written by menusync; move it away to start this target afresh (the next apply replaces)';

/** The file's text and the hash of its menu bytes; the bytes themselves are dropped on return. */
async function readHashed(file: string): Promise<{ text: string; bytesHash: string } | null> {
  const bytes = await readBytes(file);
  if (bytes === null) return null;
  return {
    bytesHash: createHash('sha256').update(menuBytes(bytes)).digest('hex'),
    text: bytes.toString('utf8'),
  };
}

/** The menu's bytes in a file written by writeSnapshot (empty when the file has another layout). */
function menuBytes(bytes: Buffer): Buffer {
  // `,"menu":` cannot occur inside a JSON string (its quote would be escaped), so the first one
  // outside the menu is the envelope's; writeSnapshot puts the menu last. Hashing the bytes as
  // read spares encoding a 100+ MB string back to UTF-8.
  const at = bytes.indexOf(MENU_KEY);
  const newline = bytes.length > 0 && bytes[bytes.length - 1] === 0x0a ? 1 : 0;
  return at < 0 ? bytes.subarray(0, 0) : bytes.subarray(at + MENU_KEY.length, bytes.length - newline - 1);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isMenuShape(value: unknown): value is CanonicalMenu {
  if (typeof value !== 'object' || value === null) return false;
  const menu = value as Record<string, unknown>;
  return Array.isArray(menu.categories) && Array.isArray(menu.products);
}

export async function readStatus(dir: string): Promise<TargetStatus> {
  return (await readJson(path.join(dir, STATUS_FILE), TargetStatus)) ?? { uncertain: false };
}

export async function writeStatus(dir: string, status: TargetStatus): Promise<void> {
  await writeJsonAtomic(path.join(dir, STATUS_FILE), status);
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  const bytes = await readBytes(file);
  return bytes === null ? null : checked(file, parseJson(file, bytes.toString('utf8')), schema);
}

async function readBytes(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InvalidInputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code}`);
  }
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidInputError(`${file} is not valid JSON`, { hint: REPAIR_HINT });
  }
}

function checked<T>(file: string, data: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notState(file, `${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data;
}

function notState(file: string, why: string): InvalidInputError {
  return new InvalidInputError(`${file} is not a menusync state file: ${why}`);
}
