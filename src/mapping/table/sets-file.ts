import { readFile } from 'node:fs/promises';
import { InvalidInputError, UsageError } from '../../errors.js';
import { parseYamlText } from '../loader.js';
import type { TableMapping } from '../schema.js';
import { ModifierSetsFile } from '../table-schema.js';

/**
 * Exports such as Square's say which modifier sets an item uses but not their options: the user
 * declares them in a file named by a parameter (`--param modifier_sets=sets.yaml`), merged over the
 * mapping's own `sets` (the file wins for a set declared in both).
 */
export async function withSetsFile(
  mapping: TableMapping,
  params: Readonly<Record<string, string | undefined>>,
): Promise<TableMapping> {
  const spec = mapping.table.modifier_sets;
  if (!spec?.sets_param) return mapping;
  if (!(spec.sets_param in (mapping.parameters ?? {}))) {
    throw new InvalidInputError(
      `mapping "${mapping.name}": modifier_sets.sets_param names "${spec.sets_param}", which is not one of its parameters`,
    );
  }
  const file = params[spec.sets_param];
  if (file === undefined || file === '') return mapping;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read the modifier sets file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const sets = parseYamlText(text, file, () => ModifierSetsFile);
  return {
    ...mapping,
    table: { ...mapping.table, modifier_sets: { ...spec, sets: { ...(spec.sets ?? {}), ...sets } } },
  };
}
