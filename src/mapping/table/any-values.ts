import type { CellValue } from '../../extract/types.js';
import type { TemplateContext } from '../transforms/template.js';
import { slugify } from '../transforms/slug.js';
import type { CompiledValue } from './compile-context.js';

// `variants.value.any` (docs/mapping-format.md): WooCommerce writes an empty attribute value on a
// variation for "any": the variation is sold in every value its product lists for that attribute
// (a T-Shirt variation "Blue" with Size empty is Blue in Large, Medium and Small). Such a row
// becomes one variant per value, at the row's price, so every size can be chosen.

export interface CompiledAnyValues {
  /** Per attribute: its value on the variant row, and its list on the product's row, by position. */
  attributes: { value: CompiledValue; parent: CompiledValue }[];
  separator: string;
  join: string;
}

/** One variant of an expanded row: its name and what its ext_id takes on to stay unique. */
export interface AnyVariant {
  name: string;
  suffix: string;
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** The product row's list of values for each attribute (`Large, Medium, Small`), by position. */
export function parentLists(
  spec: CompiledAnyValues,
  cells: readonly CellValue[],
  context: TemplateContext,
): string[][] {
  return spec.attributes.map((a) =>
    asText(a.parent(cells, context))
      .split(spec.separator)
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
}

/**
 * The variants a row stands for when one of its attributes is empty and the product lists values
 * for it; undefined when the row names every attribute (or the product lists nothing to expand).
 */
export function expandAny(
  spec: CompiledAnyValues,
  lists: readonly string[][],
  cells: readonly CellValue[],
  context: TemplateContext,
): AnyVariant[] | undefined {
  const given = spec.attributes.map((a) => asText(a.value(cells, context)));
  const anyAt = given.flatMap((value, i) => (value === '' && (lists[i]?.length ?? 0) > 0 ? [i] : []));
  if (anyAt.length === 0) return undefined;
  let combos: { parts: string[]; expanded: string[] }[] = [{ parts: [], expanded: [] }];
  given.forEach((value, i) => {
    const choices = anyAt.includes(i) ? (lists[i] ?? []) : [value];
    combos = combos.flatMap((c) =>
      choices.map((choice) => ({
        parts: [...c.parts, choice],
        expanded: anyAt.includes(i) ? [...c.expanded, choice] : c.expanded,
      })),
    );
  });
  return combos.map((c) => ({
    name: c.parts.filter((part) => part !== '').join(spec.join),
    suffix: slugify(c.expanded.join('-')),
  }));
}
