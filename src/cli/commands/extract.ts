import type { Argv, CommandModule } from 'yargs';
import { NOW_OPTION_HELP, parseNow } from '../now-option.js';
import { withEncodingOption } from '../encoding-option.js';
import { withInputLimitOptions } from '../input-limit-options.js';
import { rejectRepeated } from '../reject-repeated.js';
import type { ExtractArgs } from '../handlers/extract.js';

export { parseNow };

/** `mappingRequired: false`: the command can take the mapping from a config target instead (validate). */
export function withMappingOptions<T>(yargs: Argv<T>, { mappingRequired = true } = {}) {
  const options = yargs
    .option('mapping', {
      type: 'string',
      demandOption: mappingRequired,
      describe: 'Mapping file (.yaml/.json) or the name of a shipped mapping, e.g. square-item-library',
    })
    .option('param', { type: 'string', array: true, describe: 'Mapping parameter name=value (repeatable)' })
    .option('quiet', {
      type: 'boolean',
      describe: 'Print only problems (errors and warnings), not the summary',
    })
    .option('now', {
      type: 'string',
      describe: NOW_OPTION_HELP,
    });
  return withEncodingOption(rejectRepeated(withInputLimitOptions(options), ['mapping', 'quiet', 'now']));
}

export const extractCommand: CommandModule<object, ExtractArgs> = {
  command: 'extract',
  describe:
    'Read POS exports with a mapping and print the canonical menu JSON; every problem is listed, grouped by code with counts',
  builder: (yargs) =>
    rejectRepeated(
      withMappingOptions(yargs)
        .option('input', {
          type: 'string',
          array: true,
          demandOption: true,
          describe:
            "Input file, in the order of the mapping's sources (repeatable; a last source with many: true takes every input left)",
        })
        .option('out', {
          type: 'string',
          describe: 'Write the menu JSON to this file instead of stdout',
        }),
      ['out'],
    ) as Argv<ExtractArgs>,
  handler: async (args) => (await import('../handlers/extract.js')).runExtract(args),
};
