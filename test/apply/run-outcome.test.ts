import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockedHint, sendFailureOutcome } from '../../src/apply/6-record/run-outcome.js';
import { FLAG_NAMES } from '../../src/cli/setting-flags.js';
import type { GuardName, Plan } from '../../src/plan/types.js';
import { describeError } from '../../src/apply/6-record/run-errors.js';
import type { SendProgress } from '../../src/apply/4-send/send-plan.js';
import { InvalidInputError, UsageError } from '../../src/errors.js';
import { FatalPlatformError, PlatformError, RetriablePlatformError } from '../../src/platform/errors.js';
import { registerSecret } from '../../src/secrets.js';
import { readStatus } from '../../src/state/snapshot.js';
import { targetDir } from '../../src/state/target.js';
import { startHarness, type Harness } from './harness.js';
import { cafeMenu } from './menus.js';

const response = (request: number, success: boolean, outcomeUnknown = false) => ({
  request,
  bytes: 100,
  success,
  attempts: 1,
  ...(success ? {} : { error: { message: 'x', outcomeUnknown } }),
});
const progress = (...responses: SendProgress['responses']): SendProgress => ({ attempts: 1, responses });

describe('sendFailureOutcome', () => {
  it.each([
    ['nothing went out', progress(), 'failed'],
    ['the only request was refused', progress(response(1, false)), 'failed'],
    ['the only request went unanswered', progress(response(1, false, true)), 'uncertain'],
    ['the second of a split merge failed', progress(response(1, true), response(2, false)), 'uncertain'],
    ['every request was confirmed, the run failed after', progress(response(1, true)), 'uncertain'],
  ])('%s: %s', (_what, sent, outcome) => {
    expect(sendFailureOutcome(sent)).toBe(outcome);
  });
});

describe('blockedHint', () => {
  const blockedBy = (...guards: GuardName[]): Plan =>
    ({ blockedBy: guards.map((guard) => ({ guard, message: guard, numbers: {} })) }) as unknown as Plan;

  it.each([
    [['extraction-errors'], /fix the rows the extraction errors name/],
    [['delete-limit', 'extraction-errors'], /fix the rows/],
    [['delete-limit'], /--allow-deletes if the removals are intended/],
    [['empty-menu'], /--allow-empty if an empty menu is intended/],
    [['protected', 'delete-limit'], /protect list/],
    [['merge-cannot-remove'], /--mode replace/],
    [['saved-plan-stale', 'delete-limit'], /make a new plan/],
  ] as [GuardName[], RegExp][])('%j: the hint of the guard to deal with first', (guards, hint) => {
    const text = blockedHint(blockedBy(...guards), FLAG_NAMES);
    expect(text).toMatch(/^nothing was sent; /);
    expect(text).toMatch(hint);
  });

  it('names the settings as the library does when no caller names them', () => {
    expect(blockedHint(blockedBy('delete-limit'))).toMatch(/use guards\.allowDeletes if the removals/);
    expect(blockedHint(blockedBy('delete-limit'))).not.toMatch(/--/);
  });

  it('never suggests overriding a guard when bad rows blocked the plan', () => {
    expect(blockedHint(blockedBy('extraction-errors'), FLAG_NAMES)).not.toMatch(/--allow/);
  });
});

describe('describeError', () => {
  it('codes platform errors by class and outcome, with the status and the platform code', () => {
    expect(describeError(new FatalPlatformError('refused', { code: 'IMPORT_ERROR', status: 200 }))).toEqual({
      code: 'platform-rejected',
      message: 'refused',
      status: 200,
      platformCode: 'IMPORT_ERROR',
    });
    expect(describeError(new RetriablePlatformError('busy', { status: 503 })).code).toBe(
      'platform-unavailable',
    );
    const lost = new PlatformError('no answer', { retriable: true });
    lost.outcomeUnknown = true;
    expect(describeError(lost)).toEqual({ code: 'outcome-unknown', message: 'no answer' });
  });

  it('codes local errors by class, keeps a system code, and never holds a registered secret', () => {
    expect(describeError(new UsageError('u')).code).toBe('usage');
    expect(describeError(new InvalidInputError('i')).code).toBe('invalid-input');
    const disk = Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    expect(describeError(disk)).toEqual({
      code: 'unexpected',
      message: 'no space left',
      systemCode: 'ENOSPC',
    });
    registerSecret('s3cret-for-describe-error');
    expect(describeError(new Error('token s3cret-for-describe-error leaked')).message).toBe(
      'token [REDACTED] leaked',
    );
  });
});

describe('the run folder report of a split merge that stops half way', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('says uncertain (some requests landed), with the failing request coded', async () => {
    await h.apply(cafeMenu(30));
    const changed = cafeMenu(30);
    changed.products = changed.products.map((p) => ({ ...p, price: (p.price ?? 0) + 1 }));
    // The first import answers, the second one is refused.
    h.sandbox.injectFaults([
      { kind: 'delay', ms: 0, path: '/menu/import' },
      { kind: 'import-error', message: 'second half refused' },
    ]);
    const error = await h.apply(changed, { maxPayloadBytes: 2_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    const dir = targetDir(h.stateDir, h.target);
    const runs = (await readdir(path.join(dir, 'runs'))).sort();
    const report = JSON.parse(
      await readFile(path.join(dir, 'runs', runs.at(-1)!, 'report.json'), 'utf8'),
    ) as { outcome: string; applied: boolean; errorDetails: { code: string; platformCode?: string }[] };
    expect(report.outcome).toBe('uncertain');
    expect(report.applied).toBe(false);
    expect(report.errorDetails).toEqual([
      expect.objectContaining({ code: 'platform-rejected', platformCode: 'IMPORT_ERROR' }),
    ]);
    expect((await readStatus(dir)).uncertain).toBe(true);
  });
});
