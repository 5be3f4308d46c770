import fc from 'fast-check';
import type { CanonicalMenu } from '../../src/model/canonical-menu.js';
import type { ImportOption, ImportOptionValue } from '../../src/model/import-payload.js';

// Small id and value pools, so two random menus share many entities and differ in few fields.
const name = fc.option(fc.constantFrom('A', 'B', 'C'), { nil: undefined });
const price = fc.option(fc.constantFrom(0, 1.5, 2, 4.25), { nil: undefined });
const uniqueIds = <T extends { ext_id: string }>(item: fc.Arbitrary<T>, max: number) =>
  fc.uniqueArray(item, { selector: (x) => x.ext_id, maxLength: max });

const optionValue: fc.Arbitrary<ImportOptionValue> = fc.record(
  { ext_id: fc.constantFrom('V1', 'V2', 'V3'), name, price_operand: price },
  { requiredKeys: ['ext_id'] },
);

const option: fc.Arbitrary<ImportOption> = fc.record(
  { ext_id: fc.constantFrom('O1', 'O2', 'O3'), name, option_values: uniqueIds(optionValue, 3) },
  { requiredKeys: ['ext_id'] },
);

export const menuArb: fc.Arbitrary<CanonicalMenu> = fc.record({
  categories: uniqueIds(
    fc.record(
      { ext_id: fc.constantFrom('C1', 'C2', 'C3'), name, options: uniqueIds(option, 2) },
      { requiredKeys: ['ext_id'] },
    ),
    3,
  ),
  products: uniqueIds(
    fc.record(
      {
        ext_id: fc.constantFrom('P1', 'P2', 'P3', 'P4', 'P5'),
        category_ext_id: fc.constantFrom('C1', 'C2', 'C3'),
        name,
        price,
        options: uniqueIds(option, 2),
      },
      { requiredKeys: ['ext_id', 'category_ext_id'] },
    ),
    5,
  ),
});
