import { access } from 'node:fs/promises';
import type { CommandModule } from 'yargs';
import { UsageError } from '../../errors.js';
import { initMapping } from '../../init/index.js';
import { createOutput } from '../output.js';
import { rejectRepeated } from '../reject-repeated.js';
import { assertOutPath, writeOutFile } from './extract.js';

interface InitArgs {
  input: string;
  out?: string;
  force: boolean;
}

/** Writes a starter mapping for an export: the shipped one for a known POS, guesses otherwise. */
export const initCommand: CommandModule<object, InitArgs> = {
  command: 'init',
  describe: 'Recognize a POS export from its headers and write a starter mapping for it',
  builder: (yargs) =>
    rejectRepeated(yargs, ['input', 'out', 'force'])
      .option('input', {
        type: 'string',
        demandOption: true,
        describe: 'The export file (csv, xlsx or json)',
      })
      .option('out', { type: 'string', describe: 'Write the mapping here instead of printing it' })
      .option('force', { type: 'boolean', default: false, describe: 'Overwrite --out if it exists' })
      .example('$0 init --input export_items.csv --out my-menu.yaml', ''),
  handler: async (args) => {
    const out = createOutput();
    if (args.out && !args.force && (await exists(args.out))) {
      throw new UsageError(`${args.out} already exists`, { hint: 'choose another --out, or add --force' });
    }
    if (args.out) await assertOutPath(args.out, [{ option: '--input', file: args.input }]);
    const result = await initMapping({ input: args.input, ...(args.out ? { out: args.out } : {}) });
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
  },
};

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
