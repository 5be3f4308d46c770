import { extname } from 'node:path';
import { UsageError } from '../errors.js';
import { listSheets } from '../extract/registry.js';
import type { ReadOptions } from '../extract/types.js';
import { OPTION_NAMES, type SettingNames } from '../model/setting-names.js';
import type { Mapping, SourceSpec } from './schema.js';

export interface BoundInput {
  name: string;
  spec: SourceSpec & Pick<ReadOptions, 'encodingOrigin'>;
  file: string;
}

/** What the caller overrides in every source (the encoding). */
export interface ReadOverrides {
  encoding?: string;
}

/** The caller's encoding wins over the source's `encoding:`; either is named as the reason. */
function withOverrides(spec: SourceSpec, overrides: ReadOverrides, encodingName: string): BoundInput['spec'] {
  if (overrides.encoding !== undefined)
    return { ...spec, encoding: overrides.encoding, encodingOrigin: `set by ${encodingName}` };
  if (spec.encoding !== undefined) return { ...spec, encodingOrigin: "set by the mapping's encoding:" };
  return spec;
}

const WORKBOOK = new Set(['.xlsx', '.xlsm']);

/**
 * Inputs bind to the mapping's sources in declaration order; a last source with `many: true` takes
 * every input left (one BoundInput each, in order). When the inputs run out, a source
 * that names a `sheet` reads the workbook bound to the source just before it: items and modifier
 * groups on two sheets of one file need `--input book.xlsx` once (giving it twice still works).
 * An optional source does so only when the workbook has its sheet, so a missing optional sheet
 * stays an unbound source rather than a failed run.
 */
export async function bindInputs(
  mapping: Mapping,
  inputs: readonly string[],
  overrides: ReadOverrides = {},
  names: Pick<SettingNames, 'inputs' | 'encoding'> = OPTION_NAMES,
): Promise<BoundInput[]> {
  const sources = Object.entries(mapping.sources);
  const many = sources.at(-1)?.[1].many === true;
  if (inputs.length > sources.length && !many) {
    throw new UsageError(
      `mapping "${mapping.name}" reads ${sources.length} input${sources.length === 1 ? '' : 's'} (${sources.map(([n]) => n).join(', ')}), got ${inputs.length}`,
    );
  }
  const bound: BoundInput[] = [];
  let previous: string | undefined;
  for (const [i, [name, spec]] of sources.entries()) {
    const file = inputs[i] ?? (await sameWorkbook(spec, previous));
    previous = file;
    if (file !== undefined) {
      // The last source, `many: true`: every input left is one more document of it.
      const files = spec.many === true ? [file, ...inputs.slice(i + 1)] : [file];
      for (const one of files)
        bound.push({ name, spec: withOverrides(spec, overrides, names.encoding), file: one });
    } else if (!spec.optional) {
      throw new UsageError(
        `mapping "${mapping.name}" needs an input for source "${name}" (${names.inputs} #${i + 1})`,
      );
    }
  }
  return bound;
}

async function sameWorkbook(spec: SourceSpec, previous: string | undefined): Promise<string | undefined> {
  if (previous === undefined || spec.sheet === undefined) return undefined;
  if (spec.format !== undefined && spec.format !== 'xlsx') return undefined;
  if (!WORKBOOK.has(extname(previous).toLowerCase())) return undefined;
  if (!spec.optional) return previous;
  const sheets = await listSheets(previous);
  const wanted = spec.sheet;
  const has =
    typeof wanted === 'number'
      ? wanted >= 1 && wanted <= sheets.length
      : sheets.some((s) => s.trim().toLowerCase() === wanted.trim().toLowerCase());
  return has ? previous : undefined;
}
