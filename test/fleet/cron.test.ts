import { describe, expect, it } from 'vitest';
import { CronSyntaxError, cronMatches, parseCron } from '../../src/config/cron.js';
import { parseConfig } from '../../src/config/load-config.js';
import { InvalidInputError } from '../../src/errors.js';
import { selectTargets } from '../../src/fleet/select-targets.js';

// UTC, the zone a schedule without `timezone:` is read in: Tuesday 2026-11-24 02:30.
const at = (day: number, hour: number, minute: number) => new Date(Date.UTC(2026, 10, day, hour, minute));

describe('schedule: a 5-field cron expression', () => {
  it.each([
    ['30 2 * * *', at(24, 2, 30), true],
    ['30 2 * * *', at(24, 2, 31), false],
    ['*/15 * * * *', at(24, 9, 45), true],
    ['*/15 * * * *', at(24, 9, 46), false],
    ['0-10/5 1-3 * * *', at(24, 3, 10), true],
    ['5/20 * * * *', at(24, 0, 45), true],
    ['0 3 * * mon-fri', at(24, 3, 0), true],
    ['0 3 * * sat,sun', at(24, 3, 0), false],
    ['0 3 * * 7', at(29, 3, 0), true],
    ['0 3 * nov *', at(24, 3, 0), true],
    // Both day fields restricted: either matches (the 1st, or any Tuesday).
    ['0 3 1 * 2', at(24, 3, 0), true],
    ['0 3 1 * 3', at(24, 3, 0), false],
  ])('%s at %s: %s', (expression, date, expected) => {
    expect(cronMatches(parseCron(expression), date)).toBe(expected);
  });

  it.each([
    ['* * * *', /has 5 fields .* got 4/],
    ['60 * * * *', /minute: "60": .*got value 60 expected range 0-59/],
    ['* 24 * * *', /hour: "24": .*expected range 0-23/],
    ['* * 0 * *', /day of month: "0": .*expected range 1-31/],
    ['* * * 13 *', /month: "13": .*expected range 1-12/],
    ['* * * * 8', /day of week: "8": .*expected range 0-7/],
    ['*/0 * * * *', /minute: "\*\/0": .*every 0/],
    ['5-1 * * * *', /minute: "5-1": Invalid range/],
    ['a * * * *', /minute: "a": Invalid characters/],
    ['1,,2 * * * *', /minute: "1,,2": Invalid list/],
    // Each field is fine alone; no February has a 30th.
    ['0 0 30 2 *', /Invalid explicit day of month/],
  ])('refuses %s', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronSyntaxError);
    expect(() => parseCron(expression)).toThrow(message);
  });

  it('is a config error at its target, with the line', () => {
    const text = 'targets:\n  a:\n    mapping: m.yaml\n  b:\n    schedule: "0 25 * * *"\n';
    expect(() => parseConfig(text, 'menusync.config.yaml')).toThrow(InvalidInputError);
    expect(() => parseConfig(text, 'menusync.config.yaml')).toThrow(
      /menusync\.config\.yaml:5: invalid cron expression "0 25 \* \* \*": hour: "25": Constraint error, got value 25 expected range 0-23 \(targets\.b\.schedule\)/,
    );
  });
});

describe('schedule: in a time zone', () => {
  // 2026-11-24 02:00 UTC is 03:00 in Berlin (UTC+1 in winter) and 21:00 the day before in New York.
  const utc = new Date(Date.UTC(2026, 10, 24, 2, 0));
  it('reads the schedule in the zone given, and matches the whole minute', () => {
    expect(cronMatches(parseCron('0 3 * * *'), utc, 'Europe/Berlin')).toBe(true);
    expect(cronMatches(parseCron('0 3 * * *'), new Date(utc.getTime() + 59_000), 'Europe/Berlin')).toBe(true);
    expect(cronMatches(parseCron('0 3 * * *'), utc, 'UTC')).toBe(false);
    expect(cronMatches(parseCron('0 21 * * mon'), utc, 'America/New_York')).toBe(true);
  });

  it('keeps a target due by its timezone: with --due', () => {
    const config = parseConfig(
      [
        'targets:',
        '  berlin: { schedule: "0 3 * * *", timezone: Europe/Berlin }',
        '  utc: { schedule: "0 3 * * *", timezone: UTC }',
      ].join('\n'),
      'menusync.config.yaml',
    );
    expect(selectTargets(config, { all: true, names: [], tags: [], due: utc })).toEqual(['berlin']);
  });
});

describe('selecting the targets of a fleet', () => {
  const config = parseConfig(
    [
      'targets:',
      '  a: { tags: [city], schedule: "0 2 * * *" }',
      '  b: { tags: [city, late], schedule: "0 4 * * *" }',
      '  c: { schedule: "0 2 * * *" }',
      '  d: {}',
    ].join('\n'),
    'menusync.config.yaml',
  );
  const none = { all: false, names: [], tags: [] };

  it('takes all, names and tags as a union, in config order', () => {
    expect(selectTargets(config, { ...none, all: true })).toEqual(['a', 'b', 'c', 'd']);
    expect(selectTargets(config, { ...none, names: ['d', 'a'] })).toEqual(['a', 'd']);
    expect(selectTargets(config, { ...none, names: ['d'], tags: ['late'] })).toEqual(['b', 'd']);
  });

  it('keeps only the targets due now with --due (a target without a schedule never is)', () => {
    expect(selectTargets(config, { ...none, all: true, due: at(24, 2, 0) })).toEqual(['a', 'c']);
    expect(selectTargets(config, { ...none, tags: ['city'], due: at(24, 4, 0) })).toEqual(['b']);
    expect(selectTargets(config, { ...none, all: true, due: at(24, 2, 1) })).toEqual([]);
  });

  it('refuses an unknown target or a tag no target has', () => {
    expect(() => selectTargets(config, { ...none, names: ['x'] })).toThrow(/no target "x"/);
    expect(() => selectTargets(config, { ...none, tags: ['x'] })).toThrow(
      /no target of the config has the tag "x"/,
    );
  });
});
