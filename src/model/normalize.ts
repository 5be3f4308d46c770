import type { CanonicalMenu } from './canonical-menu.js';
import type { ImportOption } from './import-payload.js';
import { roundMoney } from './money.js';

/** Rounds every money amount to cents, so no 0.30000000000000004 ever leaves the tool. */
export function normalizeMoney(menu: CanonicalMenu): CanonicalMenu {
  return {
    categories: menu.categories.map((c) => (c.options ? { ...c, options: c.options.map(roundOption) } : c)),
    products: menu.products.map((p) => ({
      ...p,
      ...(p.price !== undefined ? { price: roundMoney(p.price) } : {}),
      ...(p.options ? { options: p.options.map(roundOption) } : {}),
    })),
  };
}

function roundOption(option: ImportOption): ImportOption {
  if (!option.option_values) return option;
  return {
    ...option,
    option_values: option.option_values.map((v) =>
      v.price_operand !== undefined ? { ...v, price_operand: roundMoney(v.price_operand) } : v,
    ),
  };
}
