import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LINK_HOURS, type ConsoleConfig } from '../config/console-schema.js';
import { registerSecret } from '../secrets.js';
import type { RunEvent } from './run-event.js';

/** What a manager's link grants: a decision on one run of one target, until it expires. */
export interface ApprovalClaims {
  target: string;
  runId: string;
  /** Seconds since the epoch. */
  expires: number;
  /** Random: two links of one run differ, and the decision records which link made it. */
  nonce: string;
}

/** The key that signs links: the config's console.key, else MENUSYNC_CONSOLE_KEY; null when neither. */
export function linkKey(
  config: ConsoleConfig | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const key = config?.key ?? env.MENUSYNC_CONSOLE_KEY ?? null;
  if (key) registerSecret(key);
  return key && key.length >= 32 ? key : null;
}

function signature(key: string, claims: ApprovalClaims): string {
  // Newline-separated: a target name cannot hold one (config names are [A-Za-z0-9_-]).
  const text = ['approve', claims.target, claims.runId, String(claims.expires), claims.nonce].join('\n');
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** The link's path and query under the console's public URL. */
export function approvalPath(claims: ApprovalClaims, key: string): string {
  const query = new URLSearchParams({
    e: String(claims.expires),
    n: claims.nonce,
    s: signature(key, claims),
  });
  return `/link/${encodeURIComponent(claims.target)}/${encodeURIComponent(claims.runId)}?${query}`;
}

export function newClaims(target: string, runId: string, hours: number, now: Date): ApprovalClaims {
  return {
    target,
    runId,
    expires: Math.floor(now.getTime() / 1000) + hours * 3600,
    nonce: randomBytes(12).toString('base64url'),
  };
}

/** The claims of a link whose signature holds and that has not expired; else why not (one line). */
export function verifyApproval(
  key: string,
  target: string,
  runId: string,
  query: URLSearchParams,
  now: Date,
): ApprovalClaims | string {
  const expires = Number(query.get('e'));
  const nonce = query.get('n') ?? '';
  const given = Buffer.from(query.get('s') ?? '');
  if (!Number.isSafeInteger(expires) || !/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) return 'the link is incomplete';
  const claims = { target, runId, expires, nonce };
  const expected = Buffer.from(signature(key, claims));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the link is not valid';
  if (expires * 1000 <= now.getTime()) return 'the link has expired';
  return claims;
}

/**
 * The run's event with a manager's link when the run was blocked and the console's public URL and
 * key are configured; the event unchanged otherwise.
 */
export function withApprovalLink(
  event: RunEvent,
  config: ConsoleConfig | undefined,
  now = new Date(),
  env: NodeJS.ProcessEnv = process.env,
): RunEvent {
  const key = linkKey(config, env);
  if (event.outcome !== 'blocked' || !event.runId || !config?.public_url || !key) return event;
  const claims = newClaims(event.target, event.runId, config.link_hours ?? DEFAULT_LINK_HOURS, now);
  const base = config.public_url.replace(/\/+$/, '');
  return { ...event, approval: `${base}${approvalPath(claims, key)}` };
}
