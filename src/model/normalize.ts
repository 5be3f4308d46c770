import type { CanonicalMenu } from './canonical-menu.js';
import type { ImportOption } from './import-payload.js';
import { roundMoney } from './money.js';

/**
 * Rounds every money amount to the currency's minor unit (`digits`: cents by default), so no
 * 0.30000000000000004 and no fraction of a yen ever leaves the tool.
 */
export function normalizeMoney(menu: CanonicalMenu, digits = 2): CanonicalMenu {
  const roundOption = (option: ImportOption) => roundOptionMoney(option, digits);
  return {
    categories: menu.categories.map((c) => (c.options ? { ...c, options: c.options.map(roundOption) } : c)),
    // Assigning keys the copy already has keeps their order, with no object per key.
    products: menu.products.map((p) => {
      const copy = { ...p };
      if (p.price !== undefined) copy.price = roundMoney(p.price, digits);
      if (p.options) copy.options = p.options.map(roundOption);
      return copy;
    }),
  };
}

function roundOptionMoney(option: ImportOption, digits: number): ImportOption {
  if (!option.option_values) return option;
  return {
    ...option,
    option_values: option.option_values.map((v) =>
      v.price_operand !== undefined ? { ...v, price_operand: roundMoney(v.price_operand, digits) } : v,
    ),
  };
}
