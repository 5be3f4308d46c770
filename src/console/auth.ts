import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ConsoleConfig, ConsoleRole } from '../config/console-schema.js';
import { registerSecret } from '../secrets.js';
import type { SessionStore, StoredSession } from './session-store.js';

/** Who a request is: a token's holder (bearer or signed-in browser), with a role. */
export interface Principal {
  name: string;
  role: ConsoleRole;
  /** What the CSRF token is bound to: the session, or the bearer token's hash. */
  binding: string;
}

/** A browser's session lasts this long after signing in (its cookie says the same). */
const SESSION_HOURS = 12;
export const SESSION_COOKIE = 'menusync_session';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Bearer tokens (kept as SHA-256: the config holds no token, MENUSYNC_CONSOLE_TOKEN is hashed on
 * start), browser sessions made by signing in with one, and CSRF tokens bound to either.
 *
 * A session is a random id in the cookie and, in the state (session-store.ts), only that id's
 * SHA-256 with its holder and expiry: the server decides on every request, so a restart keeps
 * people signed in, signing out deletes the record (the same cookie, replayed, is refused), and a
 * token taken out of the config (or replaced by another of the same name) ends the sessions signed
 * in with it at their next request.
 */
export class ConsoleAuth {
  private readonly tokens = new Map<string, { name: string; role: ConsoleRole }>();

  constructor(
    config: ConsoleConfig | undefined,
    env: NodeJS.ProcessEnv,
    private readonly key: string,
    private readonly now: () => Date,
    private readonly sessions: SessionStore,
    /** The cookie's Path: the console's base path ('/' at the host's root). */
    private readonly cookiePath: string,
  ) {
    for (const token of config?.tokens ?? [])
      this.tokens.set(token.sha256, { name: token.name, role: token.role });
    const quick = env.MENUSYNC_CONSOLE_TOKEN;
    if (quick) {
      registerSecret(quick);
      this.tokens.set(sha256(quick), { name: 'console-token', role: 'approve' });
    }
  }

  get tokenCount(): number {
    return this.tokens.size;
  }

  /** The token's holder, or null for an unknown token (compared by hash: no timing of the text). */
  byToken(token: string): Principal | null {
    const hash = sha256(token);
    const holder = this.tokens.get(hash);
    return holder ? { ...holder, binding: `token:${hash}` } : null;
  }

  /** Signs a browser in: the session id for its cookie (the state keeps only its hash). */
  async startSession(principal: Principal): Promise<string> {
    const now = this.now().getTime();
    // Expired sessions go when someone signs in: the store stays as small as the people signed in.
    await this.sessions.removeExpired(now);
    const id = randomBytes(32).toString('base64url');
    await this.sessions.save(sha256(id), {
      name: principal.name,
      role: principal.role,
      token: tokenMark(principal.binding),
      expires: now + SESSION_HOURS * 3600_000,
    });
    return id;
  }

  async endSession(request: IncomingMessage): Promise<void> {
    const id = cookieOf(request, SESSION_COOKIE);
    if (id) await this.sessions.remove(sha256(id));
  }

  /** Who made the request: a bearer token in Authorization, else the session cookie; null when neither. */
  async principal(request: IncomingMessage): Promise<Principal | null> {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) return this.byToken(header.slice('Bearer '.length).trim());
    const id = cookieOf(request, SESSION_COOKIE);
    // Ids are 32 random bytes in base64url: anything else is not looked up.
    if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const hash = sha256(id);
    const session = await this.sessions.find(hash);
    if (!session) return null;
    if (session.expires <= this.now().getTime() || !this.holds(session)) {
      await this.sessions.remove(hash);
      return null;
    }
    return { name: session.name, role: session.role, binding: `session:${hash}` };
  }

  /** Whether the token the session was signed in with is still configured, for the same holder. */
  private holds(session: StoredSession): boolean {
    for (const [hash, holder] of this.tokens)
      if (tokenMark(`token:${hash}`) === session.token)
        return holder.name === session.name && holder.role === session.role;
    return false;
  }

  /** The CSRF token of a session, a bearer token or a signed link (its nonce): an HMAC, kept nowhere. */
  csrf(binding: string): string {
    return createHmac('sha256', this.key).update(`csrf\n${binding}`).digest('base64url');
  }

  checkCsrf(binding: string, given: string | undefined): boolean {
    const expected = Buffer.from(this.csrf(binding));
    const actual = Buffer.from(given ?? '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  sessionCookie(id: string, secure: boolean): string {
    return this.cookie(id, SESSION_HOURS * 3600, secure);
  }

  clearedCookie(secure: boolean): string {
    return this.cookie('', 0, secure);
  }

  private cookie(value: string, maxAge: number, secure: boolean): string {
    return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=${this.cookiePath}; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  }
}

/**
 * Which token a session was signed in with, as the state keeps it: derived from the token's SHA-256
 * (itself never stored there), so that replacing a token ends the sessions of the old one.
 */
function tokenMark(binding: string): string {
  return sha256(`session-token\n${binding}`);
}

function cookieOf(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
