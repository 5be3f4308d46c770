/**
 * Joins the base URL (which may carry a path prefix such as /api, with or without a trailing
 * slash) and an endpoint path. `new URL('/menu/import', base)` would drop the prefix and
 * `new URL('menu/import', 'https://h/api')` would replace its last segment, so the path is built here.
 */
export function endpointUrl(baseUrl: string, endpoint: string, query?: Record<string, string | number>): URL {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${endpoint.replace(/^\/+/, '')}`;
  url.search = '';
  url.hash = '';
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  return url;
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
