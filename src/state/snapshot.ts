import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CanonicalMenu } from '../model/canonical-menu.js';
import { InvalidInputError } from '../errors.js';
import { hashMenu } from '../plan/canonical-json.js';
import type { ImportProduct } from '../model/import-payload.js';
import { stageFileAtomic, writeFileAtomic, type StagedFile } from './atomic-write.js';
import {
  BaselineMatcher,
  LINES_FORMAT_VERSION,
  MENU_KEY,
  prepareSnapshotMenu,
  readLines,
  snapshotPieces,
  type PreparedSnapshotMenu,
  type SnapshotLines,
} from './snapshot-lines.js';

/** The last menu the platform CONFIRMED, per target: the baseline of the next plan. */
export const MenuSnapshot = z.object({
  /** 1: the menu on one line; 2: a product per line (snapshot-lines.ts). Both are read. */
  formatVersion: z.union([z.literal(1), z.literal(2)]),
  /**
   * sha256 of the menu's JSON as written, without line breaks (formatVersion 1 wrote canonical
   * JSON, so there it is hashMenu(menu)). Checked on every read; saved plans name their baseline by it.
   */
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

/** How readSnapshot may save work; the result is the same either way. */
export interface ReadSnapshotOptions {
  /**
   * The desired menu of the plan this baseline is for: a snapshot product whose text is that
   * product's JSON is returned as the desired object itself (equal content, no parse).
   * Callers must not change either menu afterwards (plan and apply only read them).
   */
  reuse?: CanonicalMenu;
}

/**
 * The baseline of the next plan. The file is ours (atomic writes, a hash inside), so only its
 * envelope is checked with zod and the menu is taken as parsed, after a hash check: re-parsing a
 * 100k-product menu with zod would deep-copy a million objects. A file written by writeSnapshot
 * (snapshot-lines.ts) is read a line at a time and hashed as read; an older file (one line, or
 * pretty-printed) is read whole and falls back to hashing the parsed menu.
 */
export async function readSnapshot(
  dir: string,
  options: ReadSnapshotOptions = {},
): Promise<MenuSnapshot | null> {
  const file = path.join(dir, SNAPSHOT_FILE);
  const matcher = options.reuse ? new BaselineMatcher(options.reuse.products) : undefined;
  const parseProduct = (text: string, line: number): ImportProduct => {
    try {
      return matcher ? matcher.take(text) : (JSON.parse(text) as ImportProduct);
    } catch {
      throw new InvalidInputError(`${file} line ${line} is not valid JSON`, { hint: REPAIR_HINT });
    }
  };
  let lines: SnapshotLines | undefined;
  try {
    lines = await readLines(file, parseProduct);
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InvalidInputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code}`);
  }
  if (lines === undefined) return readWholeSnapshot(file);
  if (!lines.complete) throw damaged(file);
  // The first line closed as a document: the envelope and the categories, no products yet.
  const snapshot = parseSnapshot(file, `${lines.head}]}}`);
  snapshot.menu.products = lines.products;
  if (lines.bytesHash !== snapshot.hash) throw damaged(file);
  return snapshot;
}

/** A formatVersion-1 file (the whole menu on one line) or an older pretty-printed one. */
async function readWholeSnapshot(file: string): Promise<MenuSnapshot | null> {
  const read = await readHashed(file);
  if (read === null) return null;
  const snapshot = parseSnapshot(file, read.text);
  if (read.bytesHash !== snapshot.hash && hashMenu(snapshot.menu) !== snapshot.hash) throw damaged(file);
  return snapshot;
}

/** A snapshot document: the envelope checked with zod, the menu's shape checked, its content taken as is. */
function parseSnapshot(file: string, text: string): MenuSnapshot {
  const data = parseJson(file, text);
  const envelope = checked(file, data, SnapshotEnvelope);
  const menu = (data as { menu?: unknown }).menu;
  if (!isMenuShape(menu)) throw notState(file, 'menu: expected { categories: [...], products: [...] }');
  return { ...envelope, menu };
}

function damaged(file: string): InvalidInputError {
  return new InvalidInputError(`${file} does not match its hash: it was edited or is damaged`, {
    hint: REPAIR_HINT,
  });
}

/**
 * Written compact, a product per line (snapshot-lines.ts): the hash is taken from the same bytes
 * the file holds (one serialization of the menu). The `formatVersion` and `hash` given are ignored
 * in favour of the current layout's and the bytes'; returns the hash.
 */
export async function writeSnapshot(
  dir: string,
  snapshot: Omit<MenuSnapshot, 'hash'> & { hash?: string },
  prepared?: PreparedSnapshotMenu,
): Promise<string> {
  const staged = await stageSnapshot(dir, snapshot, prepared);
  await staged.commit();
  return staged.hash;
}

/**
 * writeSnapshot's file written and synced under a temp name; `commit` puts it in place. Apply
 * stages while the platform handles the import and commits only once it confirmed, so all that
 * is left after the answer is a rename.
 */
export async function stageSnapshot(
  dir: string,
  snapshot: Omit<MenuSnapshot, 'hash'> & { hash?: string },
  prepared?: PreparedSnapshotMenu,
  beforeRename?: () => Promise<void>,
): Promise<StagedFile & { hash: string }> {
  // Bytes made ahead are used only for the very menu object they were made from.
  const menu = prepared?.menu === snapshot.menu ? prepared : prepareSnapshotMenu(snapshot.menu);
  const { appliedAt, mode, runId } = snapshot;
  const formatVersion = LINES_FORMAT_VERSION;
  const envelope = JSON.stringify({ formatVersion, hash: menu.hash, appliedAt, mode, runId });
  const staged = await stageFileAtomic(
    path.join(dir, SNAPSHOT_FILE),
    snapshotPieces(envelope.slice(0, -1), menu),
    beforeRename ? { beforeRename } : {},
  );
  return { ...staged, hash: menu.hash };
}

export { prepareSnapshotMenu, type PreparedSnapshotMenu } from './snapshot-lines.js';

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

function isMenuShape(value: unknown): value is CanonicalMenu {
  if (typeof value !== 'object' || value === null) return false;
  const menu = value as Record<string, unknown>;
  return Array.isArray(menu.categories) && Array.isArray(menu.products);
}

export async function readStatus(dir: string): Promise<TargetStatus> {
  return (await readJson(path.join(dir, STATUS_FILE), TargetStatus)) ?? { uncertain: false };
}

export async function writeStatus(dir: string, status: TargetStatus): Promise<void> {
  await writeFileAtomic(path.join(dir, STATUS_FILE), statusJson(status));
}

const statusJson = (status: TargetStatus): string => `${JSON.stringify(status, null, 2)}\n`;

/** writeStatus's file written and synced under a temp name; `commit` puts it in place. */
export function stageStatus(dir: string, status: TargetStatus): Promise<StagedFile> {
  return stageFileAtomic(path.join(dir, STATUS_FILE), statusJson(status));
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  const bytes = await readBytes(file);
  return bytes === null ? null : checked(file, parseJson(file, bytes.toString('utf8')), schema);
}

async function readBytes(file: string): Promise<Buffer | null> {
  try {
    return readFileSync(file);
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
