import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { InvalidInputError } from '../../errors.js';
import type { ImportProduct } from '../../model/import-payload.js';
import { MenuSnapshot, type ReadSnapshotOptions } from '../snapshot.js';
import {
  BaselineMatcher,
  LINES_FORMAT_VERSION,
  prepareSnapshotMenu,
  readLinesFrom,
  snapshotPieces,
} from '../snapshot-lines.js';
import type { ConfirmedState } from '../store.js';
import type { Db, Queryable, SqlValue } from './pg-db.js';
import { readTextLines } from './pg-text-lines.js';

/** Pieces per INSERT: snapshotPieces makes ~1 MB pieces, so ~8 MB a statement. */
const PIECES_PER_STATEMENT = 8;
/**
 * Pieces per SELECT: ~8 MB a batch, with the next batch on its way while one is parsed (so ~16 MB
 * held); smaller batches start the parsing sooner, larger ones cost round trips.
 */
const PIECES_PER_READ = 8;

const SnapshotEnvelope = MenuSnapshot.omit({ menu: true });

/**
 * Writes a snapshot as a staged row: the same bytes the local backend's snapshot.json holds
 * (snapshot-lines.ts), a row per ~1 MB piece, so a 100k-product menu is read back a piece at a
 * time and hashed as read, like the file. Nothing points at it until commit; returns its id and hash.
 */
export async function stageSnapshotRows(
  db: Db,
  targetKey: string,
  input: ConfirmedState,
): Promise<{ id: string; hash: string }> {
  const { snapshot, prepared } = input;
  const menu = prepared?.menu === snapshot.menu ? prepared : prepareSnapshotMenu(snapshot.menu);
  const { appliedAt, mode, runId } = snapshot;
  const formatVersion = LINES_FORMAT_VERSION;
  const envelope = JSON.stringify({ formatVersion, hash: menu.hash, appliedAt, mode, runId });
  const pieces = snapshotPieces(envelope.slice(0, -1), menu);
  const row = [targetKey, formatVersion, menu.hash, runId] as SqlValue[];
  if (pieces.length <= PIECES_PER_STATEMENT) {
    // A menu of up to ~8 MB (most): its row and its pieces in one statement, atomic by itself.
    const bytes = pieces.map((piece) => Buffer.from(piece, 'utf8'));
    const rows = bytes.map((_, i) => `((SELECT id FROM snapshot), ${i}, $${i + 5})`);
    const staged = await db.run<{ id: string }>(
      {
        name: `menusync-stage-snapshot-${bytes.length}`,
        text: `WITH snapshot AS (${INSERT_SNAPSHOT}),
           pieces AS (INSERT INTO {s}.snapshot_pieces (snapshot_id, seq, bytes) VALUES ${rows.join(', ')})
         SELECT id FROM snapshot`,
      },
      [...row, ...bytes],
      true,
    );
    return { id: staged.rows[0]!.id, hash: menu.hash };
  }
  const id = await db.transaction(async (client) => {
    const inserted = await db.run<{ id: string }>(INSERT_SNAPSHOT, row, true, client);
    const snapshotId = inserted.rows[0]!.id;
    await insertPieces(db, client, snapshotId, pieces);
    return snapshotId;
  });
  return { id, hash: menu.hash };
}

const INSERT_SNAPSHOT = `INSERT INTO {s}.snapshots (target_key, staged, format_version, hash, run_id)
  VALUES ($1, true, $2, $3, $4) RETURNING id`;

async function insertPieces(db: Db, client: Queryable, id: string, pieces: string[]): Promise<void> {
  for (let start = 0; start < pieces.length; start += PIECES_PER_STATEMENT) {
    const values: SqlValue[] = [id];
    const rows: string[] = [];
    pieces.slice(start, start + PIECES_PER_STATEMENT).forEach((piece, i) => {
      values.push(start + i, Buffer.from(piece, 'utf8'));
      rows.push(`($1, $${values.length - 1}, $${values.length})`);
    });
    await db.run(
      `INSERT INTO {s}.snapshot_pieces (snapshot_id, seq, bytes) VALUES ${rows.join(', ')}`,
      values,
      true,
      client,
    );
  }
}

/**
 * A snapshot row's menu, read as the local reader reads its file: a line at a time (products
 * reused from `options.reuse` where their text matches), the hash checked against the bytes.
 */
export async function readSnapshotRows(
  db: Db,
  id: string,
  where: string,
  options: ReadSnapshotOptions = {},
): Promise<MenuSnapshot> {
  const matcher = options.reuse ? new BaselineMatcher(options.reuse.products) : undefined;
  const parse = (text: string, line: number): ImportProduct => {
    try {
      return matcher ? matcher.take(text) : (JSON.parse(text) as ImportProduct);
    } catch {
      throw damaged(where, `line ${line} is not valid JSON`);
    }
  };
  // bytea comes as hex text (twice the bytes, then decoded): as UTF-8 text it is read ~2x faster
  // (100k products), where the database's encoding can hold any character (pg-db.ts textSafe).
  const lines = (await db.textSafe())
    ? await readTextLines(pieceRows<string>(db, id, "convert_from(bytes, 'UTF8')"), parse)
    : await readLinesFrom(pieceRows<Buffer>(db, id, 'bytes'), parse);
  if (lines === undefined || !lines.complete) throw damaged(where, 'its layout is not a snapshot');
  let head: unknown;
  try {
    head = JSON.parse(`${lines.head}]}}`);
  } catch {
    throw damaged(where, 'its first line is not valid JSON');
  }
  const envelope = SnapshotEnvelope.safeParse(head);
  if (!envelope.success) throw damaged(where, 'its envelope is not a snapshot');
  if (envelope.data.hash !== lines.bytesHash) throw damaged(where, 'it does not match its hash');
  const { categories } = (head as { menu: { categories: MenuSnapshot['menu']['categories'] } }).menu;
  return { ...envelope.data, menu: { categories, products: lines.products } };
}

/** The snapshot's pieces in order, as `column` reads them (text or bytes). */
async function* pieceRows<T extends string | Buffer>(db: Db, id: string, column: string): AsyncGenerator<T> {
  const batch = (from: number) => {
    const rows = db.run<{ piece: T }>(
      `SELECT ${column} AS piece FROM {s}.snapshot_pieces
       WHERE snapshot_id = $1 AND seq >= $2 AND seq < $3 ORDER BY seq`,
      [id, from, from + PIECES_PER_READ],
    );
    // A batch fetched ahead and never awaited (the reader stopped at a damaged line) must not
    // end the process as an unhandled rejection; awaited, it still throws.
    rows.catch(() => undefined);
    return rows;
  };
  // One batch ahead: the server reads and sends the next pieces while these are parsed.
  let next = batch(0);
  for (let from = 0; ; from += PIECES_PER_READ) {
    const rows = (await next).rows;
    const more = rows.length === PIECES_PER_READ;
    if (more) next = batch(from + PIECES_PER_READ);
    for (const row of rows) {
      yield row.piece;
      // Parsing a piece never waits on I/O: without this turn of the event loop the next batch's
      // bytes would sit in the socket (and the server stall) until the whole batch was parsed.
      await setImmediatePromise();
    }
    if (!more) return;
  }
}

function damaged(where: string, why: string): InvalidInputError {
  return new InvalidInputError(`the snapshot in ${where} is damaged: ${why}`, {
    hint: "it was changed outside menusync: restore the database from a backup, or delete the target's row in the targets table to start it afresh (the next apply replaces)",
  });
}
