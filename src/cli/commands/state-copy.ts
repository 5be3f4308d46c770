import type { CommandModule } from 'yargs';
import { copyState, type StateCopyReport } from '../../state/copy-state.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';
import { withStore } from './state-spec.js';

interface StateCopyArgs {
  from: string;
  to: string;
  force: boolean;
  json: boolean;
}

/** `menusync state copy --from A --to B`: moves a state between backends (a folder, PostgreSQL). */
export const stateCopyCommand: CommandModule<object, StateCopyArgs> = {
  command: 'copy',
  describe: "Copy every target's state (snapshot, status, runs) from one state to another",
  builder: (yargs) =>
    yargs
      .option('from', {
        type: 'string',
        demandOption: true,
        describe: 'State to copy: a folder or postgres:// URL',
      })
      .option('to', {
        type: 'string',
        demandOption: true,
        describe: 'State to copy into: a folder or postgres:// URL',
      })
      .option('force', {
        type: 'boolean',
        default: false,
        describe: 'Replace the snapshot and status of targets the destination already holds',
      })
      .option('json', { type: 'boolean', default: false, describe: 'Print what was copied as JSON' }),
  handler: async (args) => {
    const out = createOutput();
    const report = await withStore(args.from, (from) =>
      withStore(args.to, (to) => copyState(from, to, { force: args.force })),
    );
    out.data(args.json ? JSON.stringify(report, null, 2) : renderCopy(report));
  },
};

function renderCopy(report: StateCopyReport): string {
  const lines = report.copied.map((copied) => {
    const snapshot = copied.snapshotHash ? `snapshot ${copied.snapshotHash.slice(0, 12)}` : 'no snapshot';
    const { baseUrl, clientId } = copied.target;
    const uncertain = copied.uncertain ? ', uncertain' : '';
    return `  ${baseUrl} (client ${clientId}): ${countOf(copied.runs, 'run')}, ${snapshot}${uncertain}`;
  });
  for (const key of report.skipped) lines.push(`  skipped ${key}: its state does not say whose it is`);
  return [
    `copied ${countOf(report.copied.length, 'target')} from ${report.from} to ${report.to}`,
    ...lines,
  ].join('\n');
}
