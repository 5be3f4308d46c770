import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidInputError, UsageError } from '../../errors.js';
import { CanonicalMenu } from '../../model/canonical-menu.js';
import { ImportPayload } from '../../model/import-payload.js';
import type { GuardBlock, Plan } from '../../plan/types.js';
import { writeOutputFile } from '../../state/output-file.js';
import { hashMenu } from '../../plan/canonical-json.js';
import { sameMenu, targetKey, type Target } from '../../state/target.js';
import { OPTION_NAMES, type SettingNames } from '../../model/setting-names.js';

/** Checked loosely: the plan's entries are for people; what is applied is the payload. */
const SavedPlanBody = z
  .object({
    formatVersion: z.literal(1),
    mode: z.enum(['none', 'merge', 'replace']),
    reason: z.string(),
    blocked: z.string().nullable(),
    counts: z.record(z.string(), z.unknown()),
    entries: z.array(z.unknown()),
    payload: ImportPayload.nullable(),
  })
  .loose();

/** `plan --out-plan FILE`: a plan to apply later exactly as reviewed, bound to its inputs by hashes. */
export const SavedPlan = z.object({
  kind: z.literal('menusync-plan'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  target: z.object({ key: z.string(), baseUrl: z.string(), clientId: z.string(), posUid: z.string() }),
  /** sha256 of the desired menu (canonical JSON). */
  desiredHash: z.string(),
  /** sha256 of the snapshot the plan was made against; null when there was none. */
  baselineHash: z.string().nullable(),
  baselineUncertain: z.boolean(),
  /** Fingerprint of the live menu the plan was made against; null (or absent: older plans) offline. */
  liveFingerprint: z.string().nullable().optional(),
  desired: CanonicalMenu,
  plan: SavedPlanBody,
});
export type SavedPlan = z.infer<typeof SavedPlan>;

export interface BaselineIdentity {
  baselineHash: string | null;
  baselineUncertain: boolean;
}

export function createSavedPlan(
  plan: Plan,
  desired: CanonicalMenu,
  target: Target,
  baseline: BaselineIdentity,
  now: Date,
  /** liveFingerprint() of the live menu the plan was made against; null offline. */
  liveFingerprint: string | null = null,
): SavedPlan {
  return {
    kind: 'menusync-plan',
    formatVersion: 1,
    createdAt: now.toISOString(),
    target: {
      key: targetKey(target),
      baseUrl: target.baseUrl,
      clientId: target.clientId,
      posUid: target.posUid,
    },
    desiredHash: hashMenu(desired),
    ...baseline,
    liveFingerprint,
    desired,
    plan: plan as unknown as SavedPlan['plan'],
  };
}

export async function writeSavedPlan(file: string, saved: SavedPlan, option: string): Promise<void> {
  await writeOutputFile(file, `${JSON.stringify(saved, null, 2)}\n`, option, { durable: true });
}

export async function readSavedPlan(file: string): Promise<SavedPlan> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InvalidInputError(`cannot read the plan file ${file}: ${code ?? 'not valid JSON'}`);
  }
  const parsed = SavedPlan.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError(`${file} is not a menusync plan: ${issue?.path.join('.')} ${issue?.message}`);
  }
  if (hashMenu(parsed.data.desired) !== parsed.data.desiredHash) {
    throw new InvalidInputError(`${file} was edited after it was written: its menu does not match its hash`);
  }
  return parsed.data;
}

/**
 * A saved plan is applied only to the platform menu it was made for (base URL and client id: its
 * key may be the older one that held the pos_uid too); another one is a usage error (exit 2).
 */
export function checkSavedPlanTarget(saved: SavedPlan, target: Target): void {
  if (!sameMenu(saved.target, target)) {
    throw new UsageError(
      `the plan was made for ${saved.target.baseUrl} client ${saved.target.clientId} pos ${saved.target.posUid}, not this target`,
    );
  }
}

/**
 * The saved plan to apply. It is applied only to the target and baseline it was made against:
 * anything else could undo changes made since, so a changed baseline blocks it like a guard
 * (exit 3, guard `saved-plan-stale`, the run's report says so). A different target is a usage
 * error (exit 2).
 */
export function checkSavedPlan(
  saved: SavedPlan,
  target: Target,
  current: BaselineIdentity,
  /** Why the live menu no longer fits the plan (refresh.ts liveChangedSince), or null. */
  liveChanged: string | null = null,
): Plan {
  checkSavedPlanTarget(saved, target);
  const plan = saved.plan as unknown as Plan;
  const sameBaseline =
    saved.baselineHash === current.baselineHash && saved.baselineUncertain === current.baselineUncertain;
  if (sameBaseline && !liveChanged) return plan;
  const stale: GuardBlock = {
    guard: 'saved-plan-stale',
    message: sameBaseline
      ? (liveChanged as string)
      : 'the target changed since the plan was made (its snapshot is not the same)',
    numbers: {},
  };
  return {
    ...plan,
    blocked: [stale.message, ...(plan.blocked ? [plan.blocked] : [])].join('; '),
    blockedBy: [stale, ...(plan.blockedBy ?? [])],
  };
}

/**
 * `apply --plan FILE --input X`: the plan applies the menu it was made from, so an --input that
 * gives another menu (another export, a newer one, another mapping) is refused (exit 2) rather
 * than silently ignored: the user believes X is what goes live.
 */
export function checkSavedPlanInputs(
  saved: SavedPlan,
  file: string,
  inputs: readonly string[],
  menu: CanonicalMenu,
  names: Pick<SettingNames, 'inputs'> = OPTION_NAMES,
): void {
  if (hashMenu(menu) === saved.desiredHash) return;
  throw new UsageError(
    `${names.inputs} ${inputs.join(' ')} gives another menu than the one the plan ${file} was made from: make the plan again from it, or apply the plan without ${names.inputs}`,
  );
}
