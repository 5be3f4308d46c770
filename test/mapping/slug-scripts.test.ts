import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameHash, slugify } from '../../src/mapping/transforms/slug.js';

// ext_ids derived from names in any script: never empty, the same on every run, apart when the
// names differ. The expected texts are written out: a change of any of them moves live ext_ids.
describe('slugify in every script', () => {
  it.each([
    ['Супы', 'supy-'],
    ['Ποτά', 'pota-'],
    ['ラーメン', 'ramen-'],
    ['비빔밥', 'bibimbab-'],
    ['شاي', 'shy-'],
    ['מרק', 'mrk-'],
    ['ต้มยำกุ้ง', 'tmyamkung-'],
    ['Pizza Маргарита', 'pizza-margarita-'],
  ])('"%s" is transliterated and ends in the name hash', (name, start) => {
    expect(slugify(name)).toBe(`${start}${nameHash(name)}`);
  });

  it('writes the hash of the NFC name as eight hex digits (sha256)', () => {
    expect(nameHash('Супы')).toBe('d6e58aec');
    expect(slugify('Супы')).toBe('supy-d6e58aec');
  });

  it('gives a name that leaves nothing the hash alone, never an empty id', () => {
    expect(slugify('???')).toBe(nameHash('???'));
    expect(slugify('🍕')).toMatch(/^pizza-[0-9a-f]{8}$/);
    expect(slugify('   ')).toBe('');
  });

  it('keeps names apart that transliterate alike', () => {
    expect(slugify('汤')).not.toBe(slugify('糖'));
    expect(slugify('ラーメン')).not.toBe(slugify('らーめん'));
    expect(slugify('Ποτά')).not.toBe(slugify('ΠΟΤΆ'));
  });

  it('gives one name the same slug whether its accents are composed or not (NFC)', () => {
    const composed = 'Ποτά'.normalize('NFC');
    const decomposed = 'Ποτά'.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(slugify(decomposed)).toBe(slugify(composed));
  });

  it('is non-empty, lower-case ASCII and distinct for distinct names in other scripts', () => {
    const letter = fc.constantFrom(...'АБВгдеёжЖΑΒγδάアイうえ漢字汤糖가나다ابتשלוםกขค ー・🍜'.split(''));
    const name = fc
      .array(letter, { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join('').trim())
      .filter((n) => n !== '' && /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(n));
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(slugify(a)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        if (a.normalize('NFC') !== b.normalize('NFC')) expect(slugify(a)).not.toBe(slugify(b));
        else expect(slugify(a)).toBe(slugify(b));
      }),
      { numRuns: 2000 },
    );
  });
});
