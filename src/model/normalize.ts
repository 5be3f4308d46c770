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
    products: menu.products.map((p) => ({
      ...p,
      ...(p.price !== undefined ? { price: roundMoney(p.price, digits) } : {}),
      ...(p.options ? { options: p.options.map(roundOption) } : {}),
    })),
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
