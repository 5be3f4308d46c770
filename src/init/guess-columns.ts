import type { CellValue } from '../extract/types.js';

/** The roles a generic table mapping needs, guessed from header names for an unknown export. */
export interface ColumnGuesses {
  extId?: string;
  name?: string;
  price?: string;
  category?: string;
  description?: string;
}

// Ordered: the first pattern that matches some header wins, so exact names come before loose ones.
// English, German, Spanish, French and Italian words seen in POS exports.
const ROLE_PATTERNS: Record<keyof ColumnGuesses, RegExp[]> = {
  extId: [
    /^(external id|ext_id|id|item id|product id|token|handle|sku|ref|reference|plu|code)$/i,
    /\b(id|sku|handle|ref|plu)\b/i,
  ],
  name: [
    /^(name|item name|product name|title|item|product|dish|nombre|producto|artículo|articulo|plato|bezeichnung|artikel|artikelname|produkt|gericht|speise|nom|produit|plat|nome|prodotto|piatto)$/i,
    /name|title|nombre|bezeichnung|artikel|gericht|libell|nome/i,
  ],
  price: [
    /^(price|sales price|retail price|retail_price|unit price|preis|verkaufspreis|precio|prix|prezzo)$/i,
    /price|preis|precio|prix|prezzo/i,
  ],
  category: [
    /^(category|categories|categoria|categoría|kategorie|warengruppe|catégorie|group|type)$/i,
    /categor|kategorie|gruppe|group/i,
  ],
  description: [/^(description|beschreibung|descripción|descripcion|descrizione)$/i, /descr/i],
};

// Columns that mention a price but are not the selling price.
const NOT_A_PRICE = /cost|compare|purchase|supply|einkauf|coste|costo|tax|steuer|sale price/i;

/**
 * Picks one header per role. `samples` (a few first records) lets a guess skip a column that is
 * empty in every sampled row, e.g. Odoo's always-empty `External ID`.
 */
export function guessColumns(
  headers: readonly string[],
  samples: readonly CellValue[][] = [],
): ColumnGuesses {
  const guesses: ColumnGuesses = {};
  const taken = new Set<string>();
  const filled = (index: number) =>
    samples.length === 0 || samples.some((cells) => `${cells[index] ?? ''}`.trim() !== '');
  for (const role of Object.keys(ROLE_PATTERNS) as (keyof ColumnGuesses)[]) {
    for (const pattern of ROLE_PATTERNS[role]) {
      const index = headers.findIndex(
        (h, i) =>
          !taken.has(h) && pattern.test(h.trim()) && !(role === 'price' && NOT_A_PRICE.test(h)) && filled(i),
      );
      const header = headers[index];
      if (header !== undefined) {
        guesses[role] = header;
        taken.add(header);
        break;
      }
    }
  }
  return guesses;
}
