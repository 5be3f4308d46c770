import { describe, expect, it } from 'vitest';
import { decideJob } from '../../src/worker/job-outcome.js';
import { nextCronTime } from '../../src/worker/next-cron-time.js';

describe('decideJob', () => {
  const first = { retryCount: 0, retryLimit: 3 };
  it.each([
    [0, first, { action: 'complete', state: 'succeeded', needsPerson: false }],
    [1, first, { action: 'fail', state: 'retrying', needsPerson: false }],
    [1, { retryCount: 3, retryLimit: 3 }, { action: 'fail', state: 'failed', needsPerson: false }],
    [2, first, { action: 'complete', state: 'needs-person', needsPerson: true }],
    [3, first, { action: 'complete', state: 'needs-person', needsPerson: true }],
    [4, first, { action: 'later', state: 'held', needsPerson: false }],
  ])('exit %i (%o) -> %o', (exit, attempt, decision) => {
    expect(decideJob(exit, attempt)).toEqual(decision);
  });
});

describe('nextCronTime', () => {
  it('reads the cron in the time zone given', () => {
    const from = new Date('2026-11-25T18:00:00Z'); // a Wednesday; Paris is UTC+1 in winter
    expect(nextCronTime('0 3 * * 1', 'Europe/Paris', from)?.toISOString()).toBe('2026-11-30T02:00:00.000Z');
    expect(nextCronTime('0 3 * * 1', 'UTC', from)?.toISOString()).toBe('2026-11-30T03:00:00.000Z');
    expect(nextCronTime('30 19 * * *', 'America/New_York', from)?.toISOString()).toBe(
      '2026-11-26T00:30:00.000Z',
    );
  });

  it('is the next minute for every minute, and null for a date that never comes', () => {
    expect(nextCronTime('* * * * *', 'UTC', new Date('2026-01-01T00:00:30Z'))?.toISOString()).toBe(
      '2026-01-01T00:01:00.000Z',
    );
    // February 29th: the next one (2028) is more than a year away.
    expect(nextCronTime('0 0 29 2 *', 'UTC', new Date('2026-03-01T00:00:00Z'))).toBeNull();
  });
});
