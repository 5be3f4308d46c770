import type { Argv } from 'yargs';
import type { RunArgs } from './run-args.js';
import { NOW_OPTION_HELP } from './now-option.js';
import { DEFAULT_STATE_DIR } from '../state/target.js';
import { withEncodingOption } from './encoding-option.js';
import { withInputLimitOptions } from './input-limit-options.js';
import { rejectRepeated } from './reject-repeated.js';

/** The flags of `plan` and `apply` (RunArgs); config/run-settings.ts turns them into RunSettings. */
export function withRunOptions<T>(yargs: Argv<T>): Argv<T & RunArgs> {
  const options = withEncodingOption(withInputLimitOptions(yargs))
    .option('config', {
      type: 'string',
      describe: 'Config file (default: ./menusync.config.yaml when present)',
    })
    .option('target', { type: 'string', describe: 'Named target of the config file' })
    .option('mapping', { type: 'string', describe: 'Mapping file, or the name of a shipped mapping' })
    .option('input', {
      type: 'string',
      array: true,
      describe: "POS export file(s), in the mapping's source order",
    })
    .option('param', { type: 'string', array: true, describe: 'Mapping parameter, name=value (repeatable)' })
    .option('state', {
      type: 'string',
      describe: `State folder or postgres:// URL (env MENUSYNC_STATE; default ${DEFAULT_STATE_DIR}/ beside the config file, else in the current folder)`,
    })
    .option('pos-uid', {
      type: 'string',
      describe: 'Point-of-sale identifier sent as pos_uid (default "default")',
    })
    .option('mode', {
      choices: ['auto', 'merge', 'replace'] as const,
      describe: 'Import mode (default auto)',
    })
    .option('allow-deletes', {
      type: 'string',
      describe: 'Most products a replace may remove: a count (12) or a share (15%)',
    })
    .options(CHANGE_GUARD_FLAGS)
    .option('allow-erosion', {
      type: 'string',
      describe:
        'Most products of the menu as it was --erosion-days ago that a replace may leave removed: a count or a share',
    })
    .option('erosion-days', {
      type: 'number',
      describe: 'How many days back the erosion guard looks, in run history (default 7)',
    })
    .option('now', { type: 'string', describe: NOW_OPTION_HELP })
    .option('allow-empty', { type: 'boolean', describe: 'Allow replacing the menu with an empty one' })
    .option('protect', { type: 'string', array: true, describe: 'ext_ids that must never be removed' })
    .option('json', { type: 'boolean', describe: 'Print the report as JSON on stdout' })
    .option('out-json', { type: 'string', describe: 'Also write the report as JSON to this file' })
    .option('out-md', { type: 'string', describe: 'Also write the report as Markdown to this file' })
    .option('out-html', { type: 'string', describe: 'Also write the report as HTML to this file' })
    .option('quiet', {
      type: 'boolean',
      describe: 'Print only errors and a one-line summary with a timestamp and the target (for cron)',
    })
    .option('log-format', {
      choices: ['text', 'json'] as const,
      describe:
        'json: one JSON line per event on stderr (run start and end, target, outcome, counts, attempts, errors, ISO time), for log collectors; implies --quiet',
    }) as Argv<T & RunArgs>;
  // --target may be repeated (a fleet); these take one value each.
  return rejectRepeated(options, SINGLE_VALUE_OPTIONS);
}

/** The guards on what a plan changes (not removes): plan, apply and rollback take them. */
export const CHANGE_GUARD_FLAGS = {
  'allow-hiding': {
    type: 'string',
    describe: 'Most products shown before that a plan may hide: a count (12) or a share (15%)',
  },
  'allow-price-changes': {
    type: 'string',
    describe: 'Most products whose price may change by a factor of 10 or more: a count or a share',
  },
} as const;

const SINGLE_VALUE_OPTIONS = [
  'config',
  'mapping',
  'state',
  'pos-uid',
  'mode',
  'allow-deletes',
  'allow-hiding',
  'allow-price-changes',
  'allow-erosion',
  'erosion-days',
  'out-json',
  'out-md',
  'out-html',
  'encoding',
  'log-format',
  'now',
] as const;
