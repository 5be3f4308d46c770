import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CanonicalMenu } from '../model/canonical-menu.js';
import { InvalidInputError } from '../errors.js';
import { writeJsonAtomic } from './atomic-write.js';

/** The last menu the platform CONFIRMED, per target: the baseline of the next plan. */
export const MenuSnapshot = z.object({
  formatVersion: z.literal(1),
  /** hashMenu(menu) (src/plan/canonical-json.ts) */
  hash: z.string(),
  appliedAt: z.string(),
  mode: z.enum(['merge', 'replace']),
  runId: z.string(),
  menu: CanonicalMenu,
});
export type MenuSnapshot = z.infer<typeof MenuSnapshot>;

/** Marks a target whose platform state we cannot vouch for; the next apply sends a full replace. */
export const TargetStatus = z.object({
  uncertain: z.boolean(),
  reason: z.string().optional(),
  since: z.string().optional(),
  runId: z.string().optional(),
});
export type TargetStatus = z.infer<typeof TargetStatus>;

export const SNAPSHOT_FILE = 'snapshot.json';
export const STATUS_FILE = 'status.json';

export async function readSnapshot(dir: string): Promise<MenuSnapshot | null> {
  return readJson(path.join(dir, SNAPSHOT_FILE), MenuSnapshot);
}

export async function writeSnapshot(dir: string, snapshot: MenuSnapshot): Promise<void> {
  await writeJsonAtomic(path.join(dir, SNAPSHOT_FILE), snapshot, { pauseBeforeRename: 'before-rename' });
}

export async function readStatus(dir: string): Promise<TargetStatus> {
  return (await readJson(path.join(dir, STATUS_FILE), TargetStatus)) ?? { uncertain: false };
}

export async function writeStatus(dir: string, status: TargetStatus): Promise<void> {
  await writeJsonAtomic(path.join(dir, STATUS_FILE), status);
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InvalidInputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InvalidInputError(`${file} is not valid JSON`, {
      hint: 'it was not written by menusync; move it away to start this target afresh (the next apply replaces)',
    });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError(
      `${file} is not a menusync state file: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  return parsed.data;
}
