import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { REPO_ROOT, errorsOf, skippedCounts } from './helpers.js';

const MAPPING = path.join(REPO_ROOT, 'mappings/toast-menus-v2/mapping.yaml');
const FIXTURE = path.join(REPO_ROOT, 'mappings/toast-menus-v2/fixtures/restaurant-menus.json');

const extract = () => extractMenu({ mapping: MAPPING, inputs: [FIXTURE] });
const named = (result: ExtractResult, name: string) => {
  const found = result.menu.products.find((p) => p.name === name);
  if (!found) throw new Error(`no product named ${name}`);
  return found;
};
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('toast-menus-v2 on our fixture', () => {
  it('maps nested menu groups holding items to categories and counts what it leaves out', async () => {
    const result = await extract();
    expect(errorsOf(result)).toEqual([]);
    expect(result.menu.categories.map((c) => [c.name, c.hidden])).toEqual([
      ['Pizza', false],
      ['White pizza', false], // nested in Pizza, itself nested in Kitchen
      ['Salads', false],
      ['Specials', true], // its one item is hidden, so the category is hidden with it
      ['Drinks', false],
      ['Desserts', true], // visible on the POS only, not to ordering partners
      // 'Lunch drinks' holds only Lemon soda, listed again: the category would be empty, left out
    ]);
    expect(result.menu.categories.every((c) => GUID.test(c.ext_id))).toBe(true);
    expect(skippedCounts(result)).toEqual({
      'menu group holding only groups': 1, // Kitchen: its groups are the categories
      'modifier group priced by size or sequence': 1,
      'product listed again (first kept)': 1, // Lemon soda on the Lunch menu too
      'modifier group no mapped item uses': 1,
      'category with no product (empty_categories: keep keeps it)': 1,
    });
    expect(result.stats).toMatchObject({ categories: 6, products: 8, options: 5, option_values: 10 });
  });

  it('puts each item in the group that holds it, priced as resolved, hidden when not for partners', async () => {
    const result = await extract();
    const bianca = named(result, 'Bianca');
    const white = result.menu.categories.find((c) => c.name === 'White pizza');
    expect(bianca).toMatchObject({ category_ext_id: white?.ext_id, price: 12, hidden: false });
    expect(GUID.test(bianca.ext_id)).toBe(true);
    // The first menu's price wins for an item listed on two menus.
    expect(named(result, 'Lemon soda').price).toBe(3.25);
    expect(named(result, 'Staff meal').hidden).toBe(true);
    // OPEN_PRICE: no price, hidden and said at its path.
    expect(named(result, "Chef's special").hidden).toBe(true);
    // One issue: the empty price, with what became of the product (hidden) folded in.
    expect(
      result.issues.map((i) => [i.code, i.location.path, i.message.endsWith('hidden (unpriced: hide)')]),
    ).toEqual([['missing-value', '$.menus[0].menuGroups[1].menuItems[0]', true]]);
  });

  it('prices a SIZE_PRICE item by its required Size group', async () => {
    const margherita = named(await extract(), 'Margherita');
    expect(margherita.price).toBe(0);
    expect(margherita.hidden).toBe(false);
    const size = margherita.options?.[0];
    expect(size).toMatchObject({ name: 'Size', type: 'single', min_selectable: 1, max_selectable: 1 });
    expect(size?.option_values?.map((v) => [v.name, v.price_operand, v.checked_default])).toEqual([
      ['Small 10"', 13, true],
      ['Large 14"', 17.5, false],
    ]);
  });

  it('looks groups and options up by referenceId and gives ids from guids that never carry two prices', async () => {
    const result = await extract();
    const margherita = named(result, 'Margherita');
    const calzone = named(result, 'Calzone');
    const toppingsOf = (p: typeof calzone) => p.options?.find((o) => o.name === 'Toppings');
    const [onPizza, onCalzone] = [toppingsOf(margherita), toppingsOf(calzone)];
    // One Toppings group guid, two instances: Mushrooms 1.50 on pizza, 2.00 on the calzone.
    expect(onPizza?.option_values?.map((v) => [v.name, v.price_operand])).toEqual([
      ['Mushrooms', 1.5],
      ['Olives', 1],
    ]);
    expect(onCalzone?.option_values?.map((v) => [v.name, v.price_operand, v.hidden])).toEqual([
      ['Mushrooms', 2, false],
      ['Olives', 1.25, true],
    ]);
    const [pizzaId, calzoneId] = [onPizza?.ext_id ?? '', onCalzone?.ext_id ?? ''];
    expect(pizzaId.split('/')[1]).toBe(calzoneId.split('/')[1]); // the group's guid
    expect(pizzaId.startsWith(`${margherita.ext_id}/`)).toBe(true);
    expect(calzoneId.startsWith(`${calzone.ext_id}/`)).toBe(true);
    const mushrooms = onCalzone?.option_values?.[0]?.ext_id ?? '';
    expect(mushrooms.startsWith(`${calzoneId}/`)).toBe(true);
    expect(GUID.test(mushrooms.split('/')[2] ?? '')).toBe(true);
    // No number (referenceId) is ever an id.
    const ids = result.menu.products.flatMap((p) => [
      p.ext_id,
      ...(p.options ?? []).flatMap((o) => [o.ext_id, ...(o.option_values ?? []).map((v) => v.ext_id)]),
    ]);
    expect(ids.filter((id) => /(^|\/)\d+$/.test(id))).toEqual([]);
  });

  it('leaves out a sequence-priced group (counted) and keeps the required dressing', async () => {
    const caesar = named(await extract(), 'Caesar salad');
    expect(caesar.options?.map((o) => [o.name, o.min_selectable, o.type])).toEqual([
      ['Dressing', 1, 'single'],
    ]);
  });
});
