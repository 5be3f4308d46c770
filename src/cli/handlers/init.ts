import { access } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import { initMapping } from '../../init/index.js';
import { INIT_USAGE } from '../init-usage.js';
import { createOutput } from '../output.js';
import { FLAG_NAMES } from '../setting-flags.js';
import { assertOutPath, writeOutFile } from './extract.js';

export interface InitArgs {
  input: string;
  out?: string;
  force: boolean;
}

/** The starter mapping, printed or written to --out. */
export async function runInit(args: InitArgs): Promise<void> {
  const out = createOutput();
  if (args.out && !args.force && (await exists(args.out))) {
    throw new UsageError(`${args.out} already exists`, { hint: 'choose another --out, or add --force' });
  }
  if (args.out) await assertOutPath(args.out, [{ option: '--input', file: args.input }]);
  const result = await initMapping({
    input: args.input,
    ...(args.out ? { out: args.out } : {}),
    usage: INIT_USAGE,
    names: FLAG_NAMES,
  });
  const found = [
    result.recognition
      ? `recognized ${result.recognition.format.label} (mapping ${result.recognition.format.mapping})`
      : `format not recognized: wrote a generic mapping with guessed ${result.starter === 'document' ? 'paths' : 'columns'} (check the GUESS lines)`,
    ...result.warnings.map((w) => `warning: ${w}`),
  ].join('\n');
  if (!args.out) {
    out.data(result.yaml);
    out.info(found);
    return;
  }
  await writeOutFile(args.out, result.yaml);
  out.info(`${found}\nwrote ${args.out}`);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
