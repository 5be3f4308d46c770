import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SandboxClient } from './types.js';

export type AuthOutcome =
  | { ok: true; client: SandboxClient }
  | { ok: false; status: 401 | 403; oauthCode: string; code: string; message: string };

interface IssuedToken {
  clientId: string;
  expiresAt: number;
}

/** Clients and the access tokens issued to them. */
export class AuthRegistry {
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly clients: Map<string, SandboxClient>;

  constructor(clients: SandboxClient[]) {
    this.clients = new Map(clients.map((c) => [c.clientId, c]));
  }

  /** The client whose id and secret match, or undefined. */
  check(clientId: string | undefined, secret: string | undefined): SandboxClient | undefined {
    if (clientId === undefined || secret === undefined) return undefined;
    const client = this.clients.get(clientId);
    return client && sameSecret(client.clientSecret, secret) ? client : undefined;
  }

  issue(client: SandboxClient, lifetimeSeconds: number): string {
    const token = `sbx_at_${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { clientId: client.clientId, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    return token;
  }

  /** Bearer token or X-Client-Id/X-Client-Secret headers; `scope` is required when given. */
  authenticate(req: IncomingMessage, scope?: string): AuthOutcome {
    const authorization = req.headers.authorization;
    let client: SandboxClient | undefined;
    if (authorization?.startsWith('Bearer ')) {
      const issued = this.tokens.get(authorization.slice('Bearer '.length).trim());
      if (!issued || issued.expiresAt <= Date.now()) {
        return fail(401, 'invalid_token', 'INVALID_AUTH', 'access token invalid, expired or revoked');
      }
      client = this.clients.get(issued.clientId);
    } else {
      client = this.check(header(req, 'x-client-id'), header(req, 'x-client-secret'));
      if (!client) return fail(401, 'invalid_client', 'INVALID_AUTH', 'client id or secret rejected');
    }
    if (!client) return fail(401, 'invalid_token', 'INVALID_AUTH', 'client no longer exists');
    if (scope && !client.scopes.includes(scope)) {
      return fail(403, 'insufficient_scope', 'INSUFFICIENT_SCOPE', `missing scope ${scope}`);
    }
    return { ok: true, client };
  }
}

function fail(status: 401 | 403, oauthCode: string, code: string, message: string): AuthOutcome {
  return { ok: false, status, oauthCode, code, message };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
