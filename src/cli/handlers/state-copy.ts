import { copyState, type StateCopyReport } from '../../state/copy-state.js';
import { countOf } from '../../plural.js';
import { createOutput } from '../output.js';
import { withStore } from '../state-spec.js';

export interface StateCopyArgs {
  from: string;
  to: string;
  force: boolean;
  json: boolean;
}

/** Copies the state and prints what was copied. */
export async function runStateCopy(args: StateCopyArgs): Promise<void> {
  const out = createOutput();
  const report = await withStore(args.from, (from) =>
    withStore(args.to, (to) =>
      copyState(from, to, { force: args.force, names: { from: '--from', to: '--to', force: '--force' } }),
    ),
  );
  out.data(args.json ? JSON.stringify(report, null, 2) : renderCopy(report));
}

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
