import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ConsoleConfig, ConsoleRole } from '../config/console-schema.js';
import { registerSecret } from '../secrets.js';

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
 */
export class ConsoleAuth {
  private readonly tokens = new Map<string, { name: string; role: ConsoleRole }>();
  private readonly sessions = new Map<string, { principal: Principal; expires: number }>();

  constructor(
    config: ConsoleConfig | undefined,
    env: NodeJS.ProcessEnv,
    private readonly key: string,
    private readonly now: () => Date,
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

  /** Signs a browser in: the session id for its cookie. */
  startSession(principal: Principal): string {
    const id = randomBytes(24).toString('base64url');
    const session: Principal = { name: principal.name, role: principal.role, binding: `session:${id}` };
    this.sessions.set(id, { principal: session, expires: this.now().getTime() + SESSION_HOURS * 3600_000 });
    return id;
  }

  endSession(request: IncomingMessage): void {
    const id = cookieOf(request, SESSION_COOKIE);
    if (id) this.sessions.delete(id);
  }

  /** Who made the request: a bearer token in Authorization, else the session cookie; null when neither. */
  principal(request: IncomingMessage): Principal | null {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) return this.byToken(header.slice('Bearer '.length).trim());
    const id = cookieOf(request, SESSION_COOKIE);
    const session = id ? this.sessions.get(id) : undefined;
    if (!session) return null;
    if (session.expires <= this.now().getTime()) {
      this.sessions.delete(id!);
      return null;
    }
    return session.principal;
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
    return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_HOURS * 3600}${secure ? '; Secure' : ''}`;
  }
}

export const CLEARED_COOKIE = `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;

function cookieOf(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
