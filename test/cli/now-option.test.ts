import { describe, expect, it } from 'vitest';
import { parseNow } from '../../src/cli/commands/extract.js';
import { UsageError } from '../../src/errors.js';

// `--now` on extract and validate: the run's date for scheduled sale prices (docs/mapping-format.md).

describe('--now', () => {
  it('is absent by default: the clock decides', () => {
    expect(parseNow(undefined)).toEqual({});
  });

  it('takes a date or an ISO date-time', () => {
    expect(parseNow('2026-11-25')).toEqual({ now: new Date('2026-11-25T00:00:00Z') });
    expect(parseNow('2026-11-25T18:30:00Z')).toEqual({ now: new Date('2026-11-25T18:30:00Z') });
  });

  it.each(['tomorrow', '25/11/2026', '2026-13-45'])('refuses %j with a usage error', (text) => {
    expect(() => parseNow(text)).toThrow(UsageError);
    expect(() => parseNow(text)).toThrow(`--now takes a date such as 2026-11-25`);
  });
});
