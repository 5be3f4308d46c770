import { redact } from '../secrets.js';
import { FatalPlatformError } from './errors.js';

/**
 * The error for an answer that redirects (3xx). fetch would follow it and send the same body and
 * headers (`client_secret=…`, `x-client-secret`) to whatever `Location` names, another origin
 * included. The platform interface (platform-interface.md) defines no redirect on any endpoint,
 * so none is followed, same origin or not: the base URL has to name the platform itself. Only the
 * target's origin is shown (a path or query may hold anything).
 */
export function redirectRefused(
  label: string,
  requestUrl: URL,
  status: number,
  location: string | null,
): FatalPlatformError {
  const target = locationOrigin(requestUrl, location);
  const where =
    target === undefined
      ? 'without a usable Location'
      : target === requestUrl.origin
        ? `to another path on ${target}`
        : `to another origin, ${target}`;
  return new FatalPlatformError(
    redact(
      `${label}: HTTP ${status} redirects ${where}; menusync follows no redirect, nothing was sent there`,
    ),
    {
      status,
      code: 'REDIRECT_REFUSED',
      hint: 'set the base URL to the address the platform answers at (with https:// and its path prefix)',
    },
  );
}

function locationOrigin(requestUrl: URL, location: string | null): string | undefined {
  if (location === null) return undefined;
  try {
    return new URL(location, requestUrl).origin;
  } catch {
    return undefined;
  }
}
