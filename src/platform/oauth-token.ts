import { createHash } from 'node:crypto';
import { registerSecret } from '../secrets.js';
import { FatalPlatformError } from './errors.js';
import { sendRequest } from './http.js';
import type { Credentials } from './types.js';
import { endpointUrl } from './url.js';

const DEFAULT_RENEW_MARGIN_MS = 60_000;
/** The platform has been seen to issue one-hour tokens; used when expires_in is missing. */
const ASSUMED_LIFETIME_SECONDS = 3600;

interface HeldToken {
  token: string;
  renewAt: number;
}

/**
 * Tokens this process holds, by client (base URL, client id and a hash of its secret): each run
 * makes its own platform client, and a client's later runs in the same process (a worker's jobs,
 * the library called again, a fleet run twice) take the token its first run was given instead
 * of asking again. Only held tokens are shared, never a request under way (its abort signal is
 * its own run's). A client with a clock of its own (tests of renewal) keeps its tokens to itself.
 */
const processTokens = new Map<string, HeldToken>();

export interface TokenSourceOptions {
  baseUrl: string;
  credentials: Credentials;
  /** How the caller names the client secret, for the hint of a refused sign-in (`--client-secret-file`). */
  secretName?: string | undefined;
  timeoutMs: number;
  /** The client's (PlatformClientOptions.signal). */
  signal?: AbortSignal | undefined;
  renewMarginMs?: number;
  now: () => number;
  log: (message: string) => void;
}

/**
 * OAuth 2.0 client-credentials tokens, cached and renewed ahead of expiry. Expiry counts from the
 * moment the token was requested, not received: a slow answer must not stretch its life.
 */
export class TokenSource {
  private held: HeldToken | undefined;
  private pending: Promise<string> | undefined;
  private readonly sharedKey: string | undefined;

  constructor(private readonly options: TokenSourceOptions) {
    const { baseUrl, credentials } = options;
    const secret = createHash('sha256').update(credentials.clientSecret).digest('hex');
    this.sharedKey = options.now === Date.now ? `${baseUrl}\n${credentials.clientId}\n${secret}` : undefined;
  }

  async get(): Promise<string> {
    this.held ??= this.sharedKey === undefined ? undefined : processTokens.get(this.sharedKey);
    if (this.held && this.options.now() < this.held.renewAt) return this.held.token;
    // Concurrent callers share one token request.
    this.pending ??= this.request().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forget a token the platform called invalid (unless a newer one already replaced it). */
  invalidate(token: string): void {
    if (this.held?.token === token) this.held = undefined;
    if (this.sharedKey !== undefined && processTokens.get(this.sharedKey)?.token === token)
      processTokens.delete(this.sharedKey);
  }

  private async request(): Promise<string> {
    const { baseUrl, credentials, timeoutMs, now } = this.options;
    const requestedAt = now();
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    }).toString();
    const answer = await sendRequest({
      method: 'POST',
      url: endpointUrl(baseUrl, '/oauth/token'),
      label: 'POST /oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      timeoutMs,
      envelope: false,
      secretName: this.options.secretName,
      signal: this.options.signal,
    });
    const token = answer.access_token;
    if (typeof token !== 'string' || token === '') {
      throw new FatalPlatformError('POST /oauth/token: the answer has no access_token', {
        code: 'INVALID_TOKEN_RESPONSE',
      });
    }
    registerSecret(token);
    const lifetimeMs =
      (typeof answer.expires_in === 'number' && answer.expires_in > 0
        ? answer.expires_in
        : ASSUMED_LIFETIME_SECONDS) * 1000;
    const margin = Math.min(this.options.renewMarginMs ?? DEFAULT_RENEW_MARGIN_MS, lifetimeMs / 2);
    this.held = { token, renewAt: requestedAt + lifetimeMs - margin };
    if (this.sharedKey !== undefined) processTokens.set(this.sharedKey, this.held);
    this.options.log(`obtained an access token valid for ${Math.round(lifetimeMs / 1000)} s`);
    return token;
  }
}
