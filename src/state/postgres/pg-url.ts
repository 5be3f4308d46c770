import { UsageError } from '../../errors.js';
import { registerSecret } from '../../secrets.js';
import { namingSettings, type SettingNames } from '../../model/setting-names.js';

/** The schema menusync keeps its tables in when the URL names none. */
export const DEFAULT_SCHEMA = 'menusync';

/** A plain identifier: it goes into SQL quoted, but a name needing care is a typo more often than not. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresLocation {
  /** What pg connects with: the URL without menusync's own `schema` parameter. */
  connectionString: string;
  schema: string;
  /** The URL without its password, for every message and report. */
  display: string;
}

export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/**
 * Reads a `--state postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?schema=NAME]` value. The password is
 * registered as a secret before anything can print the URL, and `display` leaves it out.
 */
export function parsePostgresUrl(spec: string): PostgresLocation {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw badUrl(withoutPasswordText(spec), 'not a valid URL');
  }
  if (url.password) {
    registerSecret(url.password);
    registerSecret(decoded(url.password));
  }
  // pg also takes a password (and a key's passphrase) from the query: secrets too, never shown.
  for (const name of QUERY_SECRETS) {
    const value = url.searchParams.get(name);
    if (value) registerSecret(value);
  }
  const schema = url.searchParams.get('schema') ?? DEFAULT_SCHEMA;
  url.searchParams.delete('schema');
  const connectionString = url.toString();
  const shown = new URL(url.toString());
  shown.password = '';
  for (const name of QUERY_SECRETS) shown.searchParams.delete(name);
  if (schema !== DEFAULT_SCHEMA) shown.searchParams.set('schema', schema);
  const display = shown.toString();
  if (!url.hostname && !url.searchParams.get('host')) throw badUrl(display, 'it names no host');
  if (url.pathname.length <= 1) throw badUrl(display, 'it names no database (postgres://USER@HOST:PORT/DB)');
  if (!SCHEMA_NAME.test(schema)) {
    throw badUrl(display, `schema "${schema}" is not a plain lower-case name (letters, digits, _)`);
  }
  return { connectionString, schema, display };
}

/** What a state URL looks like, naming the state setting as the caller does. */
export const stateUrlHint = (names: Pick<SettingNames, 'state'>): string =>
  `pass ${names.state} postgres://USER@HOST:PORT/DB (optionally ?schema=NAME), or a folder`;

function badUrl(shown: string, why: string): UsageError {
  return namingSettings(
    ({ message, hint }) => new UsageError(message, hint ? { hint } : undefined),
    (names) => ({
      message: `the state URL ${shown} is invalid: ${why}; nothing was sent to the platform`,
      hint: stateUrlHint(names),
    }),
  );
}

const QUERY_SECRETS = ['password', 'sslpassword'] as const;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL that did not parse still must not show its password, whatever it holds: a password may hold
 * `@`, `/`, `?` or `#`, so no part of the text is read as the URL parser would. Shown: the scheme,
 * the user name (up to its first `:`) and what follows the LAST `@` up to a `?` or `#`; without an
 * `@`, the host and a numeric port only (`postgres://u:pw/x` is a password with its `@HOST` forgotten).
 */
export function withoutPasswordText(spec: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(spec)?.[0] ?? '';
  const rest = spec.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at < 0) {
    const host = /^[^:/?#@]*(?::\d+(?=[/?#]|$))?/.exec(rest)![0];
    return `${scheme}${host}${host.length < rest.length ? '/…' : ''}`;
  }
  const user = /^[^:/?#@]*/.exec(rest)![0];
  const after = rest.slice(at + 1).replace(/[?#].*$/s, '');
  return `${scheme}${user}@${after}`;
}
