import { UsageError } from '../errors.js';

/** A path prefix as the console's options and `console.base_path` take it: `/a/b`, no trailing slash. */
export const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

/**
 * The path the console serves under: '' (the host's root) or a prefix such as `/menusync`, checked
 * against `console.public_url`, whose path must be the same prefix: a manager's link is built from
 * public_url (src/notify/approval-link.ts), so a link under another path would never reach the console.
 */
export function basePathOf(
  given: string | undefined,
  publicUrl: string | undefined,
  /** How the caller names the given path in a hint (the CLI: its flag). */
  givenAs = 'basePath',
): string {
  const base = given === undefined || given === '/' ? '' : given.replace(/\/+$/, '');
  if (base !== '' && !BASE_PATH.test(base))
    throw new UsageError(`the console's base path ${JSON.stringify(given)} is not a path such as /menusync`, {
      hint: `letters, digits, . _ ~ and - between slashes, e.g. ${givenAs} /menusync`,
    });
  if (publicUrl !== undefined) {
    const urlPath = new URL(publicUrl).pathname.replace(/\/+$/, '');
    if (urlPath !== base)
      throw new UsageError(
        `console.public_url ${publicUrl} is under ${urlPath || '/'} but the console serves under ${base || '/'}: managers' links would not reach it`,
        { hint: `give the same path to both: ${givenAs} ${urlPath || '/'} (or console.base_path)` },
      );
  }
  return base;
}

/** The path after the prefix ('/' for the prefix itself); null when the request is outside it. */
export function withinBase(base: string, pathname: string): string | null {
  if (base === '') return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : null;
}
