import { z } from 'zod';
import { DEFAULT_INPUT_LIMITS } from '../extract/input-limits.js';
import { DEFAULT_KEEP_RUNS } from '../state/run-history.js';
import { CronSyntaxError, parseCron } from './cron.js';
import { namedRecord } from '../model/named-record.js';
import { ConsoleConfig } from './console-schema.js';
import { NotifyConfig } from './notify-schema.js';
import { NUMBER_RANGES, rangedNumber } from './number-ranges.js';

// Every key carries its description, default and an example in .meta(): docs/config.md and
// schema/config.schema.json are generated from them (config-reference.ts), so the two cannot
// disagree with what is accepted. A default said here is the one the code applies elsewhere.

/** `guards.allow_deletes` (and the other `allow_*` keys, and the guards a caller gives): a count (`12`) or a percentage (`15%`). */
export const AllowDeletes = z.union([
  z.number().int().min(0),
  z.string().regex(/^\d+(\.\d+)?%?$/, 'a count like 12 or a percentage like 15%'),
]);
export type AllowDeletes = z.infer<typeof AllowDeletes>;

/** One `allow_*` key of `guards:`: an optional AllowDeletes, described for the reference. */
const allowance = (description: string, examples: AllowDeletes[]) =>
  AllowDeletes.optional().meta({ description, examples });

export const TargetGuards = z
  .strictObject({
    allow_deletes: allowance(
      'Most entities a replace may remove: a count or a share of the baseline. Default: blocked when it removes at least 10 of a level and more than 20% of it.',
      ['10%', 25],
    ),
    allow_hiding: allowance(
      'Most products shown in the last confirmed menu that a plan may hide (itself or through its category): a count or a share of them. Default: blocked when it hides at least 10 and more than 20% of them.',
      ['50%', 200],
    ),
    allow_price_changes: allowance(
      'Most products whose price may change by a factor of 10 or more, up or down (units and cents mixed up): a count or a share of the products priced in the last confirmed menu. Default: blocked at 10 or more and over 20% of them.',
      ['100%', 40],
    ),
    allow_erosion: allowance(
      "Most products of the menu as it was erosion_days ago (from run history) that a replace may leave removed: a count or a share of that menu. Default: blocked when at least 10 and more than 20% of that menu's products are gone.",
      ['30%', 25],
    ),
    erosion_days: rangedNumber(NUMBER_RANGES.erosionDays)
      .optional()
      .meta({
        description:
          'How many days back the erosion guard looks: the menu the newest run at least that old confirmed, or the oldest kept one.',
        default: 7,
        examples: [14],
      }),
    protect: z
      .array(z.string().min(1))
      .optional()
      .meta({ description: 'ext_ids that must never be removed.', examples: [['gift-card']] }),
    allow_empty: z
      .boolean()
      .optional()
      .meta({
        description: 'Allow replacing the menu with one without products.',
        default: false,
        examples: [true],
      }),
  })
  .meta({ description: 'Safety guards of a replace (a blocked run sends nothing, exit 3).' });
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

const positiveLimit = (key: keyof typeof DEFAULT_INPUT_LIMITS, example: number) =>
  rangedNumber(NUMBER_RANGES[key])
    .optional()
    .meta({
      description: 'Input limit; a larger input is refused with exit 2.',
      default: DEFAULT_INPUT_LIMITS[key],
      examples: [example],
    });

/** One named target of menusync.config.yaml; relative paths are relative to the config file. */
export const TargetConfig = z.strictObject({
  /**
   * false pauses the target: `apply` does nothing for it (exit 0, one line saying so) and a fleet
   * lists it as paused instead of running it, e.g. after a rollback until the export is fixed.
   */
  enabled: z
    .boolean()
    .optional()
    .meta({
      description:
        'false pauses the target: apply does nothing for it (exit 0, one line) and a fleet lists it as paused.',
      default: true,
      examples: [false],
    }),
  mapping: z
    .string()
    .min(1)
    .optional()
    .meta({
      description: 'A shipped mapping name, or a mapping file (relative to the config file).',
      examples: ['loyverse-items', './mappings/downtown.yaml'],
    }),
  inputs: z
    .array(z.string().min(1))
    .optional()
    .meta({
      description: "POS export files, in the mapping's source order (relative to the config file).",
      examples: [['/srv/exports/downtown/export_items.csv']],
    }),
  params: namedRecord(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .meta({
      description: 'Mapping parameters (name: value); merged key by key with defaults.params.',
      examples: [{ store: 'Downtown' }],
    }),
  base_url: z
    .url()
    .optional()
    .meta({
      description: 'The platform API base URL. Default: MENUSYNC_BASE_URL.',
      examples: ['https://platform.example.com/api'],
    }),
  client_id: z
    .string()
    .min(1)
    .optional()
    .meta({
      description: 'The platform client id. Default: MENUSYNC_CLIENT_ID.',
      examples: ['downtown-pos'],
    }),
  /** The secret itself never goes in this file: name a file holding it, or use MENUSYNC_CLIENT_SECRET. */
  client_secret_file: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'A file holding the client secret (the secret itself never goes in the config). Default: MENUSYNC_CLIENT_SECRET.',
      examples: ['/etc/menusync/downtown.secret'],
    }),
  pos_uid: z
    .string()
    .min(1)
    .optional()
    .meta({
      description: 'Point-of-sale identifier sent as pos_uid.',
      default: 'default',
      examples: ['till-1'],
    }),
  auth: z
    .enum(['oauth', 'headers'])
    .optional()
    .meta({
      description: 'How the client authenticates.',
      default: 'oauth',
      examples: ['headers'],
    }),
  mode: z
    .enum(['auto', 'merge', 'replace'])
    .optional()
    .meta({
      description: 'Import mode: auto chooses merge or replace per run.',
      default: 'auto',
      examples: ['replace'],
    }),
  guards: TargetGuards.optional(),
  /** A state folder, or a postgres:// URL (relative folders are relative to the config file). */
  state_dir: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'This target\'s state: a folder (relative to the config file) or a postgres:// URL. Default: the top-level "state".',
      examples: ['./state/downtown'],
    }),
  /**
   * Names the platform menu this target writes. The platform keeps one menu per base URL and
   * client id (a replace sets all of it, whatever pos_uid says), so two targets of one client are
   * refused unless both carry the same `menu` (config-menus.ts): then they knowingly share its
   * baseline, its lock and its run history.
   */
  menu: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'menu names use letters, digits, - and _')
    .optional()
    .meta({
      description:
        'Targets of one client (same base_url and client_id) are refused unless they name the same menu: then they share its baseline, lock and history.',
      examples: ['harbour-all-day'],
    }),
  max_attempts: rangedNumber(NUMBER_RANGES.maxAttempts)
    .optional()
    .meta({ description: 'Attempts per platform request.', default: 5, examples: [3] }),
  max_retry_time: rangedNumber(NUMBER_RANGES.maxRetryTime)
    .optional()
    .meta({
      description: 'Seconds all retries of one request may take.',
      default: 120,
      examples: [60],
    }),
  timeout: rangedNumber(NUMBER_RANGES.timeout)
    .optional()
    .meta({ description: 'Seconds per platform request.', default: 30, examples: [60] }),
  max_payload_bytes: rangedNumber(NUMBER_RANGES.maxPayloadBytes)
    .optional()
    .meta({
      description:
        'Split a merge import above this many bytes into several requests; a replace is always sent whole.',
      default: 5 * 1024 * 1024,
      examples: [1048576],
    }),
  /** Input limits (src/extract/input-limits.ts), as --max-input-bytes and friends. */
  max_input_bytes: positiveLimit('maxInputBytes', 67108864),
  max_inflated_bytes: positiveLimit('maxInflatedBytes', 67108864),
  max_shared_strings: positiveLimit('maxSharedStrings', 100000),
  max_cells: positiveLimit('maxCells', 1000000),
  max_cell_chars: positiveLimit('maxCellChars', 4000),
  /** Runs kept in the target's runs/ folder; older ones are removed (default 30). */
  keep_runs: rangedNumber(NUMBER_RANGES.keepRuns)
    .optional()
    .meta({
      description: 'Runs of history (rollback points) kept per target.',
      default: DEFAULT_KEEP_RUNS,
      examples: [60],
    }),
  /** When the target should run: `--due` selects by it, `fleet schedule` registers it for the workers. */
  schedule: CronExpression.optional().meta({
    description:
      'A 5-field cron expression: a fleet run of the targets due selects by it, fleet schedule registers it for the workers.',
    examples: ['15 3 * * *'],
  }),
  /** The IANA time zone `schedule:` is read in, by `--due` and the workers' queue alike (default UTC). */
  timezone: TimeZone.optional().meta({
    description:
      'The IANA time zone schedule is read in, by a fleet run of the targets due and by the workers alike.',
    default: 'UTC',
    examples: ['Europe/Paris'],
  }),
  /** Labels for `--tag`: region, brand, POS type. */
  tags: z
    .array(z.string().regex(/^[A-Za-z0-9_.:-]+$/, 'tags use letters, digits, _ . : and -'))
    .optional()
    .meta({
      description: 'Labels a fleet run selects targets by (region, brand, POS type).',
      examples: [['city', 'loyverse']],
    }),
  notify: NotifyConfig.optional(),
});
export type TargetConfig = z.infer<typeof TargetConfig>;

export const MenusyncConfig = z.strictObject({
  /**
   * Where every target keeps its state unless it says otherwise (state_dir): a folder, relative to
   * the config file, or a postgres:// URL. Default: .menusync/ beside the config file.
   */
  state: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'Where every target keeps its state unless it sets state_dir: a folder (relative to the config file) or a postgres:// URL. Default: .menusync/ beside the config file.',
      examples: ['postgres://menusync@db.internal:5432/menus'],
    }),
  defaults: TargetConfig.optional().meta({
    description:
      'Keys shared by every target; a key the target sets wins (guards and params are merged key by key).',
    examples: [{ base_url: 'https://platform.example.com/api', guards: { allow_deletes: '10%' } }],
  }),
  notify: NotifyConfig.optional().meta({
    description: 'A webhook told about each fleet run (all targets, by tag, or several) as a whole.',
  }),
  console: ConsoleConfig.optional().meta({
    description: 'menusync serve: its tokens and roles, and the approval links blocked runs send.',
  }),
  targets: namedRecord(
    z.string().regex(/^[A-Za-z0-9_-]+$/, 'target names use letters, digits, - and _'),
    TargetConfig,
  ).meta({
    description: 'The restaurants, by name (letters, digits, - and _): a run names the one it runs.',
  }),
});
export type MenusyncConfig = z.infer<typeof MenusyncConfig>;
