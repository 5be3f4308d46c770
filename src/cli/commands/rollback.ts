import type { CommandModule } from 'yargs';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../apply/4-send/split-payload.js';
import { withStateTargetOptions } from '../state-target-flags.js';
import { withConnectionOptions } from '../connection-options.js';
import { CHANGE_GUARD_FLAGS } from '../run-flags.js';
import type { RollbackArgs } from '../handlers/rollback.js';

/** Back to the menu an earlier run confirmed: a replace, planned, guarded, confirmed and recorded as any apply. */
export const rollbackCommand: CommandModule<object, RollbackArgs> = {
  command: 'rollback',
  describe: 'Replace the menu with the one an earlier run confirmed (see menusync history)',
  builder: (yargs) =>
    withConnectionOptions(withStateTargetOptions(yargs), { deferDefaults: true })
      .option('to', {
        type: 'string',
        describe: 'Run id (or a unique prefix) whose confirmed menu to restore',
      })
      .option('steps', { type: 'number', describe: 'Go back N rollback points from the current menu' })
      .option('yes', {
        type: 'boolean',
        describe: 'Apply without asking (without a terminal: required to apply)',
      })
      .option('dry-run', { type: 'boolean', describe: 'Only show the plan; nothing is sent' })
      .option('allow-deletes', {
        type: 'string',
        describe: 'Most products the replace may remove: a count (12) or a share (15%)',
      })
      .options(CHANGE_GUARD_FLAGS)
      .option('allow-empty', { type: 'boolean', describe: 'Allow going back to an empty menu' })
      .option('protect', { type: 'string', array: true, describe: 'ext_ids that must never be removed' })
      .option('out-json', { type: 'string', describe: 'Also write the report as JSON to this file' })
      .option('out-md', { type: 'string', describe: 'Also write the report as Markdown to this file' })
      .option('out-html', { type: 'string', describe: 'Also write the report as HTML to this file' })
      .option('quiet', { type: 'boolean', describe: 'Print only errors and a one-line summary' })
      .option('keep-runs', { type: 'number', describe: "Runs kept in the target's history (default 30)" })
      .option('max-payload-bytes', {
        type: 'number',
        describe: `A replace above this size is refused (default ${DEFAULT_MAX_PAYLOAD_BYTES})`,
      }),
  handler: async (args) => (await import('../handlers/rollback.js')).runRollback(args),
};
