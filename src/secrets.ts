import { AsyncLocalStorage } from 'node:async_hooks';
import { SecretSet } from './secret-set.js';

/**
 * Secrets (client secrets, access tokens, database passwords) must never reach stdout, logs,
 * reports or errors. Every secret a run learns is registered, and all output goes through redact().
 *
 * Each run keeps its own set (withSecrets): a CLI process, or one call of the library's extract,
 * plan, apply or runFleet. The set lives as long as the run's asynchronous work and is dropped
 * with it, so a long-lived process that runs many targets does not collect every secret it ever
 * saw. Work outside any run (a platform client made directly) shares the process's set.
 */
const runSecrets = new AsyncLocalStorage<SecretSet>();
const outsideAnyRun = new SecretSet();

const current = (): SecretSet => runSecrets.getStore() ?? outsideAnyRun;

/** Runs `work` with a secret set of its own, which starts with those of the run around it (if any). */
export function withSecrets<T>(work: () => Promise<T>): Promise<T> {
  return runSecrets.run(new SecretSet(runSecrets.getStore()), work);
}

export function registerSecret(secret: string | undefined): void {
  // Even a short secret is registered: redacting an ordinary word now and then is the lesser harm.
  if (secret) current().add(secret);
}

export function redact(text: string): string {
  return current().redact(text);
}

/**
 * redact() for the run this is called in, kept for later calls from anywhere: an output made at
 * the start of a run still knows the run's secrets when it writes from a signal handler, which
 * runs outside the run's asynchronous context.
 */
export function redactorOfThisRun(): (text: string) => string {
  const secrets = current();
  return (text) => secrets.redact(text);
}
