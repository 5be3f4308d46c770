/**
 * Secrets (client secrets, access tokens) must never reach stdout, logs, reports or errors.
 * Every secret the process learns is registered here, and all output goes through redact().
 */
const secrets = new Set<string>();

export function registerSecret(secret: string | undefined): void {
  // Even a short secret is registered: redacting an ordinary word now and then is the lesser harm.
  if (secret) secrets.add(secret);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join('[REDACTED]');
  }
  return out;
}
