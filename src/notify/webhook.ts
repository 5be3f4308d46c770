import {
  DEFAULT_NOTIFY_ATTEMPTS,
  DEFAULT_NOTIFY_ON,
  DEFAULT_NOTIFY_TIMEOUT,
  type NotifyConfig,
} from '../config/notify-schema.js';
import { registerSecret } from '../secrets.js';
import type { RunEvent } from './run-event.js';

/** How long to wait before attempt n+1 (ms): short, a webhook must not hold the cron job up. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

/** A webhook URL as it may be printed: its origin only (a path or query may hold its token). */
export function webhookOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the webhook';
  }
}

/** Whether the notification names any of the run's classes. */
export function wants(config: NotifyConfig, classes: readonly string[]): boolean {
  const on: readonly string[] = config.on ?? DEFAULT_NOTIFY_ON;
  return classes.some((c) => on.includes(c));
}

/**
 * POSTs `body` as JSON; a network error, a timeout, a 429 or a 5xx is tried again up to
 * max_attempts. Resolves to null when delivered, else to one line saying why (never the URL's
 * path or query). Never throws: a webhook cannot change how the sync ended.
 */
export async function postWebhook(config: NotifyConfig, body: unknown): Promise<string | null> {
  registerSecret(config.url);
  const attempts = config.max_attempts ?? DEFAULT_NOTIFY_ATTEMPTS;
  const timeoutMs = (config.timeout ?? DEFAULT_NOTIFY_TIMEOUT) * 1000;
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(RETRY_DELAYS_MS[Math.min(attempt - 2, RETRY_DELAYS_MS.length - 1)]!);
    try {
      const response = await fetch(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'menusync' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        // The URL's path or query may hold the webhook's token; a redirect is not followed anywhere.
        redirect: 'manual',
      });
      await response.body?.cancel();
      if (response.ok) return null;
      const redirected = response.status >= 300 && response.status < 400;
      problem = `HTTP ${response.status}${redirected ? ', a redirect, not followed' : ''}`;
      if (response.status !== 429 && response.status < 500) break;
    } catch (error) {
      problem =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : `cannot connect (${causeCode(error)})`;
    }
  }
  return `${problem} after ${attempts === 1 ? '1 attempt' : `${attempts} attempts`}`;
}

function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tells the webhook about a run when its outcome is one it names. A failure is one line on
 * `warn` (stderr): the run's exit code stays what the sync decided.
 */
export async function notifyRun(
  config: NotifyConfig | undefined,
  event: RunEvent,
  warn: (line: string) => void,
): Promise<void> {
  if (!config || !wants(config, event.classes)) return;
  const problem = await postWebhook(config, { source: 'menusync', ...event });
  if (problem)
    warn(
      `notify: the webhook at ${webhookOrigin(config.url)} failed (${problem}); the run's exit code is unchanged`,
    );
}
