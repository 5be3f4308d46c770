import { InvalidInputError } from '../../errors.js';
import { parseYamlText } from '../loader.js';
import { readSmallTextFile, resolveParamFile, type ParamFileRoots } from '../mapping-files.js';
import type { TableMapping } from '../schema.js';
import { ModifierSetsFile } from '../table-schema.js';

/** Which parameters the user gave (the rest are the mapping's defaults) and where their files must be. */
export interface ParamFiles {
  given: ReadonlySet<string>;
  roots: ParamFileRoots;
}

/**
 * Exports such as Square's say which modifier sets an item uses but not their options: the user
 * declares them in a file named by a parameter (`--param modifier_sets=sets.yaml`), merged over the
 * mapping's own `sets` (the file wins for a set declared in both). The file must be inside the
 * mapping's folder (or the config's, or for a shipped mapping the working directory).
 */
export async function withSetsFile(
  mapping: TableMapping,
  params: Readonly<Record<string, string | undefined>>,
  files: ParamFiles,
): Promise<TableMapping> {
  const spec = mapping.table.modifier_sets;
  if (!spec?.sets_param) return mapping;
  const name = spec.sets_param;
  if (!(name in (mapping.parameters ?? {}))) {
    throw new InvalidInputError(
      `mapping "${mapping.name}": modifier_sets.sets_param names "${name}", which is not one of its parameters`,
    );
  }
  const value = params[name];
  if (value === undefined || value === '') return mapping;
  const file = await resolveParamFile(name, value, files.given.has(name), files.roots);
  const text = await readSmallTextFile(file, 'modifier sets file');
  // Errors name the file as the user wrote it, with lines and keys, never its content.
  const sets = parseYamlText(text, value, () => ModifierSetsFile);
  return {
    ...mapping,
    table: { ...mapping.table, modifier_sets: { ...spec, sets: { ...(spec.sets ?? {}), ...sets } } },
  };
}
