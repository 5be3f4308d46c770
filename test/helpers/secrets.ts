import { randomBytes } from 'node:crypto';

/**
 * Every client secret a test uses starts with `sbx_cs_`, and every token the sandbox issues with
 * `sbx_at_`, so the leak check (test/secrets-leak.test.ts) can find any of them in captured output.
 */
export const SECRET_PATTERN = /sbx_(cs|at)_[0-9a-f]{8,}/;

export function testClient(clientId = `client-${randomBytes(3).toString('hex')}`): {
  clientId: string;
  clientSecret: string;
} {
  return { clientId, clientSecret: `sbx_cs_${randomBytes(16).toString('hex')}` };
}
