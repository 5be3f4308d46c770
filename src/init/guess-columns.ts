import type { CellValue } from '../extract/types.js';
import { FALSE_WORDS, TRUE_WORDS } from '../mapping/transforms/index.js';
import {
  CATEGORY_TIERS,
  DESCRIPTION_TIERS,
  HIDDEN_TIERS,
  ID_TIERS,
  NAME_FROM_DESCRIPTION,
  NAME_TIERS,
  NOT_A_PRICE,
  NOT_OWN_ID,
  ON_SALE_TIERS,
  PRICE_TIERS,
  VARIANT_PRICE_TIERS,
  type RoleTiers,
} from './header-words.js';

/** The roles a generic table mapping needs, guessed from header names for an unknown export. */
export interface ColumnGuesses {
  extId?: string;
  name?: string;
  /** True when the name column was taken for want of one: a `Descrizione` that names the items. */
  nameFromDescription?: boolean;
  price?: string;
  category?: string;
  description?: string;
  /** A yes/no column: `invert` when it says "on sale" (Attivo, Active), not "hidden" (Hidden). */
  hidden?: { column: string; invert: boolean };
  /** Variant rows continue the product above them (their id/name cell is empty). */
  continuation?: { start: string; variantPrice?: string };
}

/**
 * Picks one header per role. `samples` (a few first records) lets a guess skip a column that is
 * empty in every sampled row (Odoo's always-empty `External ID`), take as a flag only a column
 * whose cells are yes/no words, and see continuation rows.
 */
export function guessColumns(
  headers: readonly string[],
  samples: readonly CellValue[][] = [],
): ColumnGuesses {
  const taken = new Set<string>();
  const cell = (cells: readonly CellValue[], i: number) => `${cells[i] ?? ''}`.trim();
  const filled = (i: number) => samples.length === 0 || samples.some((cells) => cell(cells, i) !== '');
  const yesNo = (i: number) =>
    samples.every((cells) => cell(cells, i) === '' || BOOLEAN_WORDS.has(cell(cells, i).toLowerCase()));
  const pick = (tiers: RoleTiers, accept: (header: string, i: number) => boolean = () => true) => {
    for (const tier of tiers) {
      const i = headers.findIndex(
        (h, at) => !taken.has(h) && tier.test(h.trim()) && filled(at) && accept(h, at),
      );
      const header = headers[i];
      if (header !== undefined) {
        taken.add(header);
        return header;
      }
    }
    return undefined;
  };
  const guesses: ColumnGuesses = {};
  const set = <K extends keyof ColumnGuesses>(role: K, value: ColumnGuesses[K] | undefined) => {
    if (value !== undefined) guesses[role] = value;
  };
  // A department id repeats from row to row; the item's own id does not.
  const unique = (i: number) => {
    const values = samples.map((cells) => cell(cells, i)).filter((value) => value !== '');
    return new Set(values).size === values.length;
  };
  set(
    'extId',
    pick(ID_TIERS, (h, i) => !NOT_OWN_ID.test(h) && unique(i)),
  );
  let name = pick(NAME_TIERS);
  if (name === undefined) {
    name = pick(NAME_FROM_DESCRIPTION);
    if (name !== undefined) guesses.nameFromDescription = true;
  }
  set('name', name);
  set(
    'price',
    pick(PRICE_TIERS, (h) => !NOT_A_PRICE.test(h)),
  );
  set('category', pick(CATEGORY_TIERS));
  set('description', pick(DESCRIPTION_TIERS));
  const hidden = pick(HIDDEN_TIERS, (_h, i) => yesNo(i));
  const onSale = hidden === undefined ? pick(ON_SALE_TIERS, (_h, i) => yesNo(i)) : undefined;
  if (hidden !== undefined) guesses.hidden = { column: hidden, invert: false };
  else if (onSale !== undefined) guesses.hidden = { column: onSale, invert: true };
  set('continuation', continuation(headers, samples, guesses, pick));
  return guesses;
}

const BOOLEAN_WORDS = new Set([...TRUE_WORDS, ...FALSE_WORDS]);

/**
 * Rows whose id (or, without one, name) cell is empty while others are filled continue the
 * product above them (SumUp-style variant rows): a one-product-per-row starter would report each
 * as a product without a name. Only when the first sampled row starts a product.
 */
function continuation(
  headers: readonly string[],
  samples: readonly CellValue[][],
  guesses: ColumnGuesses,
  pick: (tiers: RoleTiers) => string | undefined,
): ColumnGuesses['continuation'] {
  const start = guesses.extId ?? guesses.name;
  if (start === undefined) return undefined;
  const at = headers.indexOf(start);
  const empty = (cells: readonly CellValue[]) => `${cells[at] ?? ''}`.trim() === '';
  const first = samples[0];
  if (!first || empty(first)) return undefined;
  if (!samples.some((cells) => empty(cells) && cells.some((c) => `${c ?? ''}`.trim() !== '')))
    return undefined;
  const variantPrice = pick(VARIANT_PRICE_TIERS);
  return { start, ...(variantPrice !== undefined ? { variantPrice } : {}) };
}
