import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMenu } from '../../src/mapping/extract-menu.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { errorsOf, samplesDir } from './helpers.js';

// Field by field on the real schema.org samples 18 (Jinbeh: six pages of one menu) and 19
// (CoopCycle's API, prices in cents): every MenuItem of the files, read here by a walk of our own,
// is the product the mapping made: its section, name, description, price, visibility and add-ons.

const { dir, present } = samplesDir('schemaorg');

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  value === undefined || value === null ? [] : ((Array.isArray(value) ? value : [value]) as Node[]);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** What the product of one source item must be, read straight from the JSON. */
function expectedItem(item: Node, section: string, unit: number) {
  const prices = list(item.offers)
    .map((offer) => Number(offer.price))
    .filter((price) => Number.isFinite(price));
  const price = prices.length > 0 ? Math.min(...prices) / unit : undefined;
  const diets = list(item.suitableForDiet as unknown).map((diet) =>
    String(diet).replace(/^https?:\/\/schema\.org\//, ''),
  );
  const description = [
    text(item.description),
    diets.length > 0 ? `Suitable for: ${diets.join(', ')}` : undefined,
  ]
    .filter((line) => line !== undefined)
    .join('\n\n');
  const addOns = list(item.menuAddOn).map((addOn) => [
    text(addOn.name),
    list(addOn.hasMenuItem).map((value) => [text(value.name), Number(list(value.offers)[0]?.price) / unit]),
  ]);
  return {
    section,
    name: text(item.name),
    description: description === '' ? undefined : description,
    price,
    // Nothing goes live sellable without a real price; a platform's `enabled: false` is off sale.
    hidden: price === undefined || price === 0 || item.enabled === false,
    addOns,
  };
}

function expectedMenu(files: string[], unit: number) {
  return files.flatMap((file) => {
    const menu = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Node;
    return list(menu.hasMenuSection).flatMap((section) =>
      list(section.hasMenuItem).map((item) => expectedItem(item, String(section.name), unit)),
    );
  });
}

function actualMenu(result: ExtractResult) {
  const sections = new Map(result.menu.categories.map((c) => [c.ext_id, c.name]));
  return result.menu.products.map((p) => ({
    section: sections.get(p.category_ext_id ?? ''),
    name: p.name,
    description: p.description,
    price: p.price,
    hidden: p.hidden,
    addOns: (p.options ?? []).map((o) => [
      o.name,
      (o.option_values ?? []).map((v) => [v.name, v.price_operand]),
    ]),
  }));
}

const JINBEH = ['appetizers', 'cocktails', 'hibachi', 'menu', 'sashimi', 'sushi-rolls'].map(
  (page) => `jinbeh/lewisville-${page}.ld.json`,
);

describe.skipIf(!present)('schema.org samples field by field', () => {
  it('Jinbeh (18): the six pages in one run give every item of every page, each field as written', async () => {
    const result = await extractMenu({
      mapping: 'schemaorg-menu',
      inputs: JINBEH.map((file) => path.join(dir, file)),
    });
    expect(errorsOf(result)).toEqual([]);
    const expected = expectedMenu(JINBEH, 1);
    expect(expected).toHaveLength(64);
    expect(actualMenu(result)).toEqual(expected);
  });

  it.each(['5614bb3e', '03a4df73'])(
    'CoopCycle @%s (19): prices in cents, sections with or without @type',
    async (commit) => {
      const file = `coopcycle/menu-api-response@${commit}.filled.json`;
      const result = await extractMenu({
        mapping: 'schemaorg-menu',
        inputs: [path.join(dir, file)],
        params: { prices: 'minor-units' },
      });
      expect(errorsOf(result)).toEqual([]);
      const expected = expectedMenu([file], 100);
      expect(expected.map((item) => [item.name, item.price])).toEqual([
        ['Pizza', 9],
        ['Hamburger', 9],
      ]);
      expect(actualMenu(result)).toEqual(expected);
    },
  );
});
