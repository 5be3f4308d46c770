import { z } from 'zod';
import { CronSyntaxError, parseCron } from './cron.js';

/** `--allow-deletes` and `guards.allow_deletes`: a count (`12`) or a percentage of the baseline (`15%`). */
export const AllowDeletes = z.union([
  z.number().int().min(0),
  z.string().regex(/^\d+(\.\d+)?%?$/, 'a count like 12 or a percentage like 15%'),
]);
export type AllowDeletes = z.infer<typeof AllowDeletes>;

export const TargetGuards = z.strictObject({
  allow_deletes: AllowDeletes.optional(),
  protect: z.array(z.string().min(1)).optional(),
  allow_empty: z.boolean().optional(),
});
export type TargetGuards = z.infer<typeof TargetGuards>;

/** `schedule:` a 5-field cron expression, checked here so a typo is a config error at its target. */
export const CronExpression = z.string().superRefine((text, ctx) => {
  try {
    parseCron(text);
  } catch (error) {
    if (!(error instanceof CronSyntaxError)) throw error;
    ctx.addIssue({ code: 'custom', message: `invalid cron expression "${text}": ${error.message}` });
  }
});

/** `timezone:` an IANA zone name (Europe/Paris), checked against the zones this Node knows. */
export const TimeZone = z.string().superRefine((text, ctx) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
  } catch {
    ctx.addIssue({ code: 'custom', message: `unknown time zone "${text}" (an IANA name like Europe/Paris)` });
  }
});

/** One named target of menusync.config.yaml; relative paths are relative to the config file. */
export const TargetConfig = z.strictObject({
  /**
   * false pauses the target: `apply` does nothing for it (exit 0, one line saying so) and a fleet
   * lists it as paused instead of running it, e.g. after a rollback until the export is fixed.
   */
  enabled: z.boolean().optional(),
  mapping: z.string().min(1).optional(),
  inputs: z.array(z.string().min(1)).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  base_url: z.url().optional(),
  client_id: z.string().min(1).optional(),
  /** The secret itself never goes in this file: name a file holding it, or use MENUSYNC_CLIENT_SECRET. */
  client_secret_file: z.string().min(1).optional(),
  pos_uid: z.string().min(1).optional(),
  auth: z.enum(['oauth', 'headers']).optional(),
  mode: z.enum(['auto', 'merge', 'replace']).optional(),
  guards: TargetGuards.optional(),
  /** A state folder, or a postgres:// URL (relative folders are relative to the config file). */
  state_dir: z.string().min(1).optional(),
  /**
   * Names the platform menu this target writes. The platform keeps one menu per base URL and
   * client id (a replace sets all of it, whatever pos_uid says), so two targets of one client are
   * refused unless both carry the same `menu` (config-menus.ts): then they knowingly share its
   * baseline, its lock and its run history.
   */
  menu: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'menu names use letters, digits, - and _')
    .optional(),
  max_attempts: z.number().int().min(1).optional(),
  max_retry_time: z.number().min(0).optional(),
  timeout: z.number().positive().optional(),
  max_payload_bytes: z.number().int().positive().optional(),
  /** Input limits (src/extract/input-limits.ts), as --max-input-bytes and friends. */
  max_input_bytes: z.number().int().min(1).optional(),
  max_inflated_bytes: z.number().int().min(1).optional(),
  max_shared_strings: z.number().int().min(1).optional(),
  max_cells: z.number().int().min(1).optional(),
  max_cell_chars: z.number().int().min(1).optional(),
  /** Runs kept in the target's runs/ folder; older ones are removed (default 30). */
  keep_runs: z.number().int().min(1).optional(),
  /** When the target should run: `--due` selects by it, `fleet schedule` registers it for the workers. */
  schedule: CronExpression.optional(),
  /** The IANA time zone `schedule:` is read in by the workers' queue (default UTC). */
  timezone: TimeZone.optional(),
  /** Labels for `--tag`: region, brand, POS type. */
  tags: z.array(z.string().regex(/^[A-Za-z0-9_.:-]+$/, 'tags use letters, digits, _ . : and -')).optional(),
});
export type TargetConfig = z.infer<typeof TargetConfig>;

export const MenusyncConfig = z.strictObject({
  /**
   * Where every target keeps its state unless it says otherwise (state_dir): a folder, relative to
   * the config file, or a postgres:// URL. Default: .menusync/ beside the config file.
   */
  state: z.string().min(1).optional(),
  targets: z.record(
    z.string().regex(/^[A-Za-z0-9_-]+$/, 'target names use letters, digits, - and _'),
    TargetConfig,
  ),
});
export type MenusyncConfig = z.infer<typeof MenusyncConfig>;
