import { describe, expect, it } from 'vitest';
import { redact, redactorOfThisRun, registerSecret, withSecrets } from '../src/secrets.js';

describe('secrets are kept per run', () => {
  it('redacts a secret inside the run that registered it, and forgets it after', async () => {
    const seen = await withSecrets(async () => {
      registerSecret('run-one-secret');
      await new Promise((resolve) => setTimeout(resolve, 1));
      return redact('token run-one-secret here');
    });
    expect(seen).toBe('token [REDACTED] here');
    expect(redact('token run-one-secret here')).toBe('token run-one-secret here');
    expect(await withSecrets(async () => redact('run-one-secret'))).toBe('run-one-secret');
  });

  it('keeps two runs at the same time apart', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = withSecrets(async () => {
      registerSecret('secret-of-a');
      await gate;
      return redact('secret-of-a secret-of-b');
    });
    const b = withSecrets(async () => {
      registerSecret('secret-of-b');
      release();
      return redact('secret-of-a secret-of-b');
    });
    expect(await a).toBe('[REDACTED] secret-of-b');
    expect(await b).toBe('secret-of-a [REDACTED]');
  });

  it('gives a run inside another the secrets known so far', async () => {
    const inner = await withSecrets(async () => {
      registerSecret('outer-secret');
      return withSecrets(async () => redact('outer-secret'));
    });
    expect(inner).toBe('[REDACTED]');
  });

  it("keeps a run's redactor working from outside its asynchronous context", async () => {
    const redactor = await withSecrets(async () => {
      const bound = redactorOfThisRun();
      registerSecret('late-secret');
      return bound;
    });
    expect(redactor('a late-secret')).toBe('a [REDACTED]');
  });
});
