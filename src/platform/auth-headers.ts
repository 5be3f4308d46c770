import { AttemptError } from './http.js';
import type { TokenSource } from './oauth-token.js';
import type { Credentials } from './types.js';

/** The headers that authenticate one attempt, and the token they carry (to invalidate it if refused). */
export interface AttemptAuth {
  headers: Record<string, string>;
  token?: string;
}

/**
 * Per attempt: a bearer token from the token source (OAuth), or the client-credential headers.
 * A failure at the token endpoint is that endpoint's own error, as the retry loop classifies it.
 */
export async function authHeaders(
  tokens: TokenSource | undefined,
  credentials: Credentials,
): Promise<AttemptAuth> {
  if (!tokens) {
    return {
      headers: { 'x-client-id': credentials.clientId, 'x-client-secret': credentials.clientSecret },
    };
  }
  try {
    const token = await tokens.get();
    return { headers: { authorization: `Bearer ${token}` }, token };
  } catch (error) {
    throw error instanceof AttemptError ? error.error : error;
  }
}
