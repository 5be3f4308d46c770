import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConsoleRole } from '../config/console-schema.js';
import { writeJsonAtomic } from '../state/atomic-write.js';
import { Db } from '../state/postgres/pg-db.js';
import { parsePostgresUrl } from '../state/postgres/pg-url.js';
import type { StateStore } from '../state/store.js';

/** A signed-in browser as the state keeps it: under its session id's SHA-256, never the id. */
export const StoredSession = z.object({
  name: z.string(),
  role: ConsoleRole,
  /** Which token it was signed in with (auth.ts tokenMark): a replaced token ends its sessions. */
  token: z.string(),
  expires: z.number(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/**
 * Where the console keeps its sessions: in the state it serves, so a restart of `menusync serve`
 * (or a second console on the same state) knows them, and a sign-out anywhere ends them everywhere.
 */
export interface SessionStore {
  save(idHash: string, session: StoredSession): Promise<void>;
  find(idHash: string): Promise<StoredSession | null>;
  remove(idHash: string): Promise<void>;
  /** Forgets the sessions that expired before `now` (ms since the epoch). */
  removeExpired(now: number): Promise<void>;
  close(): Promise<void>;
}

/** The sessions beside the state's targets: a table of the PostgreSQL state, or one file of the folder. */
export function sessionStoreOf(store: StateStore, stateUrl: string): SessionStore {
  return store.kind === 'postgres' ? postgresSessions(stateUrl) : localSessions(store.location);
}

/** The local state's sessions file (a file, not a folder: the state's folders are its targets). */
export const SESSIONS_FILE = 'console-sessions.json';

const SessionsFile = z.record(z.string(), StoredSession);

function localSessions(root: string): SessionStore {
  const file = path.join(root, SESSIONS_FILE);
  // Writes of this process one after another: each reads the file, changes one entry, writes it whole.
  let writing: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<Record<string, StoredSession>> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    // A damaged file signs everyone out rather than stopping the console: a session is cheap to redo.
    const parsed = SessionsFile.safeParse(safeJson(text));
    return parsed.success ? parsed.data : {};
  };
  const change = (edit: (sessions: Record<string, StoredSession>) => void): Promise<void> => {
    const next = writing.then(async () => {
      const sessions = await read();
      edit(sessions);
      await mkdir(root, { recursive: true });
      await writeJsonAtomic(file, sessions);
    });
    writing = next.catch(() => undefined);
    return next;
  };
  return {
    save: (idHash, session) => change((sessions) => void (sessions[idHash] = session)),
    find: async (idHash) => (await read())[idHash] ?? null,
    remove: (idHash) => change((sessions) => void delete sessions[idHash]),
    removeExpired: (now) =>
      change((sessions) => {
        for (const [idHash, session] of Object.entries(sessions))
          if (session.expires <= now) delete sessions[idHash];
      }),
    close: async () => {
      await writing;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function postgresSessions(stateUrl: string): SessionStore {
  // A connection of its own, one at most: a session's look-up is one indexed row per request.
  const db = new Db(parsePostgresUrl(stateUrl), 'menusync serve sessions', 1);
  return {
    save: async (idHash, session) => {
      await db.run(
        `INSERT INTO {s}.console_sessions (id_sha256, name, role, token, expires_at)
         VALUES ($1, $2, $3, $4, to_timestamp($5::double precision / 1000))`,
        [idHash, session.name, session.role, session.token, session.expires],
        true,
      );
    },
    find: async (idHash) => {
      const found = await db.run<{ name: string; role: string; token: string; expires: string }>(
        `SELECT name, role, token, (extract(epoch FROM expires_at) * 1000)::bigint AS expires
         FROM {s}.console_sessions WHERE id_sha256 = $1`,
        [idHash],
      );
      const row = found.rows[0];
      if (!row) return null;
      const parsed = StoredSession.safeParse({ ...row, expires: Number(row.expires) });
      return parsed.success ? parsed.data : null;
    },
    remove: async (idHash) => {
      await db.run('DELETE FROM {s}.console_sessions WHERE id_sha256 = $1', [idHash], true);
    },
    removeExpired: async (now) => {
      await db.run(
        'DELETE FROM {s}.console_sessions WHERE expires_at <= to_timestamp($1::double precision / 1000)',
        [now],
        true,
      );
    },
    close: () => db.close(),
  };
}
