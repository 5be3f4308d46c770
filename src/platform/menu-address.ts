import { UsageError } from '../errors.js';
import { memoByText } from '../model/text-memo.js';

/**
 * Where a platform menu lives (base URL) and whose it is (client id): the one place that decides
 * them from flags, config and environment, and the one spelling of a base URL that the state key,
 * the same-client checks, the lock and the reports use. `HTTP://Host:080/api/?` and
 * `http://host/api` are one platform menu; two spellings must never be two targets that replace
 * each other's menu.
 */
export interface MenuAddress {
  baseUrl: string;
  clientId: string;
}

/** Each source as far as it goes: given (flags or options), a config target, the environment (an empty variable is none). */
export interface MenuAddressSources {
  given?: { baseUrl?: string | undefined; clientId?: string | undefined };
  config?: { base_url?: string | undefined; client_id?: string | undefined };
  env?: NodeJS.ProcessEnv;
}

/**
 * The base URL as WHATWG URL reads it: scheme and host in lower case, the default port dropped
 * (`:080` is 80), trailing slashes of the path dropped. The query and fragment are dropped too:
 * menusync never sends them (platform/url.ts builds every endpoint from the origin and path), so
 * they cannot name another menu, and a `?token=...` in them never reaches a state file or a
 * report. A text that is not a URL is returned as it is (checkBaseUrl refuses it where it is used).
 * Parsed once per spelling: a fleet's targets share a few base URLs, each normalised several
 * times per target (config checks, the state key, the lock).
 */
export const normalizeBaseUrl = memoByText(normalize);

function normalize(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.replace(/\/+$/, '');
  }
  const path = url.pathname.replace(/\/+$/, '');
  const auth = url.username || url.password ? `${url.username}${url.password ? ':***' : ''}@` : '';
  return `${url.protocol}//${auth}${url.host}${path}`;
}

/**
 * The platform base URL, from --base-url, a config's base_url or MENUSYNC_BASE_URL: http or https
 * only (anything else would only be retried until the time runs out), and no user:password@,
 * which would be written into every report and log line that names the target. Returns it
 * normalised; a base URL that passed is not parsed again (a fleet's targets share a few).
 */
export const checkBaseUrl = memoByText(checkOnce);

function checkOnce(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    // Not echoed whole: an unparsable value may still hold a password.
    throw new UsageError(
      'the platform base URL (as given, base_url or MENUSYNC_BASE_URL) is not a valid URL',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(
      'the platform base URL must not hold a user name or password (user:password@); credentials come from the client id and secret',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `the platform base URL must be http:// or https://, got ${url.protocol.slice(0, -1)}://`,
    );
  }
  return normalizeBaseUrl(baseUrl);
}

/**
 * Base URL and client id, each from the first source that has it: given, config target,
 * environment. The base URL is checked and normalised; either may be missing (the caller says
 * what that means for it).
 */
export function resolveMenuAddress(sources: MenuAddressSources): Partial<MenuAddress> {
  const env = sources.env ?? process.env;
  const baseUrl = sources.given?.baseUrl ?? sources.config?.base_url ?? (env.MENUSYNC_BASE_URL || undefined);
  const clientId =
    sources.given?.clientId ?? sources.config?.client_id ?? (env.MENUSYNC_CLIENT_ID || undefined);
  return {
    ...(baseUrl !== undefined ? { baseUrl: checkBaseUrl(baseUrl) } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
  };
}
