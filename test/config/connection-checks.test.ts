import { describe, expect, it } from 'vitest';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';
import { checkBaseUrl, checkConnectionNumbers } from '../../src/config/connection-checks.js';
import { UsageError } from '../../src/errors.js';

describe('checkBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://platform.example/api/v2/', 'https://platform.example/api/v2'],
    ['HTTP://Platform.Example:080/api/?', 'http://platform.example/api'],
    ['https://platform.example:443//', 'https://platform.example'],
    ['http://platform.example:0081/api#top', 'http://platform.example:81/api'],
    ['https://platform.example/api?token=s3cretpw', 'https://platform.example/api'],
  ])('accepts %s as %s', (url, normalised) => {
    expect(checkBaseUrl(url)).toBe(normalised);
  });

  it.each([
    ['ftp://example.test/', /must be http:\/\/ or https:\/\/, got ftp:\/\//],
    ['file:///etc/passwd', /must be http:\/\/ or https:\/\//],
    ['http://user:s3cretpw@example.test/', /must not hold a user name or password/],
    ['https://token@example.test/', /must not hold a user name or password/],
    ['not a url s3cretpw', /is not a valid URL/],
  ])('refuses %s without echoing it', (url, message) => {
    let error: unknown;
    try {
      checkBaseUrl(url);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('s3cretpw');
  });
});

describe('checkConnectionNumbers', () => {
  const ok = { maxAttempts: 5, maxRetryTime: 120, timeout: 30 };
  it('accepts the defaults and the edges (1 attempt, 0 retry time, a day)', () => {
    expect(() => checkConnectionNumbers(ok, FLAG_NAMES)).not.toThrow();
    expect(() =>
      checkConnectionNumbers({ maxAttempts: 1, maxRetryTime: 0, timeout: 86_400 }, FLAG_NAMES),
    ).not.toThrow();
  });

  it.each([
    [{ timeout: 3_000_000 }, /--timeout must be at least 0.001 \(one millisecond\) and at most 86400/],
    [{ timeout: 0.0005 }, /--timeout must be at least 0.001/],
    [{ timeout: 0 }, /--timeout/],
    [{ timeout: Number.NaN }, /--timeout/],
    [{ maxAttempts: 2.5 }, /--max-attempts must be a whole number/],
    [{ maxAttempts: 0 }, /--max-attempts/],
    [{ maxAttempts: Number.POSITIVE_INFINITY }, /--max-attempts/],
    [{ maxRetryTime: -1 }, /--max-retry-time/],
    [{ maxRetryTime: 90_000 }, /--max-retry-time/],
  ])('refuses %o', (change, message) => {
    expect(() => checkConnectionNumbers({ ...ok, ...change }, FLAG_NAMES)).toThrow(message);
  });
});
