import type { CommandModule } from 'yargs';
import { withStateTargetOptions } from '../state-target-flags.js';
import { REPORT_FORMATS as FORMATS, type ReportFormat } from '../report-formats.js';
import type { ReportShowArgs } from '../handlers/report-show.js';

/**
 * `menusync report show [RUN_ID]`: a report as the run stored it with its state (a folder or
 * PostgreSQL alike), to stdout or a file: a report kept in a database has no path to open.
 */
export const reportShowCommand: CommandModule<object, ReportShowArgs> = {
  command: 'show [run]',
  describe: "Write a run's stored report (default: the newest run that has one)",
  builder: (yargs) =>
    withStateTargetOptions(yargs)
      .positional('run', {
        type: 'string',
        describe:
          'Run id, or a unique start of one (see menusync history); or the report address a JSON log or fleet report gives',
      })
      .option('format', {
        choices: Object.keys(FORMATS) as ReportFormat[],
        default: 'html' as ReportFormat,
        describe: 'Which of the stored reports',
      })
      .option('out', { type: 'string', describe: 'Write it to this file instead of stdout' })
      .option('base-url', { type: 'string', describe: 'Platform base URL: names the target' })
      .option('client-id', { type: 'string', describe: 'Client id: names the target' }),
  handler: async (args) => (await import('../handlers/report-show.js')).runReportShow(args),
};
