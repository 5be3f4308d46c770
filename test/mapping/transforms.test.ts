import { describe, expect, it } from 'vitest';
import {
  compileTransforms,
  flattenCategoryPath,
  htmlToText,
  parseMoneyText,
  slugify,
} from '../../src/mapping/transforms/index.js';
import type { Scalar, TransformSink } from '../../src/mapping/types.js';
import type { TransformStep } from '../../src/mapping/value-schema.js';

function run(steps: TransformStep[], value: Scalar) {
  const issues: string[] = [];
  const skips: string[] = [];
  const sink: TransformSink = {
    issue: (code, severity) => issues.push(`${severity}:${code}`),
    skip: (reason) => skips.push(reason),
  };
  return { value: compileTransforms(steps)(value, sink), issues, skips };
}

describe('money', () => {
  it.each([
    ['4.99', 4.99],
    ['4,99', 4.99],
    ['3,5', 3.5],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1,500', 1500],
    ['€ 3,90', 3.9],
    ['$4.99', 4.99],
    ['4.99 USD', 4.99],
    ['12', 12],
    ['-2.50', -2.5],
    ["1'250.00", 1250],
  ])('reads %j as %d', (text, expected) => {
    expect(parseMoneyText(text)).toBe(expected);
  });

  it.each(['abc', '1.2.3x', '--1', '4.99.', '(1.00)'])('rejects %j', (text) => {
    expect(parseMoneyText(text)).toBeUndefined();
  });

  it('forces the decimal mark when told', () => {
    expect(parseMoneyText('1,500', ',')).toBe(1.5);
    expect(parseMoneyText('1.500', ',')).toBe(1500);
  });

  it('rounds numbers to cents and divides integer cents', () => {
    expect(run(['money'], 1.005).value).toBe(1.01);
    expect(run([{ money: { cents: true } }], 1250).value).toBe(12.5);
    expect(run([{ money: { cents: true } }], '199').value).toBe(1.99);
  });

  it('reports a non-number as a bad-price error and leaves the field out', () => {
    expect(run(['money'], 'free')).toEqual({ value: null, issues: ['error:bad-price'], skips: [] });
  });

  it.each([
    [undefined, { value: null, issues: ['warning:bad-price'], skips: [] }],
    ['zero' as const, { value: 0, issues: [], skips: [] }],
    ['skip' as const, { value: null, issues: [], skips: ['variable-price'] }],
  ])('applies the variable-price policy %s', (variable, expected) => {
    expect(run([{ money: variable ? { variable } : {} }], 'Variable')).toEqual(expected);
  });

  it('keeps empty cells empty without an issue', () => {
    expect(run(['money'], null)).toEqual({ value: null, issues: [], skips: [] });
  });
});

describe('boolean', () => {
  it.each([
    ['Y', true],
    ['n', false],
    ['Yes', true],
    ['TRUE', true],
    ['false', false],
    ['1', true],
    [0, false],
    [true, true],
    ['active', true],
    ['draft', false],
    ['visible', true],
    ['hidden', false],
    ['unavailable', false],
    ['Ja', true],
    // A pandas round trip writes flags as floats (Odoo's Available in POS).
    ['1.0', true],
    ['0.0', false],
    ['0.00', false],
  ] as const)('reads %j as %s', (input, expected) => {
    expect(run(['boolean'], input).value).toBe(expected);
  });

  it('inverts after reading (hidden from an available column)', () => {
    expect(run([{ boolean: { invert: true } }], 'Y').value).toBe(false);
    expect(run([{ boolean: { invert: true } }], 'N').value).toBe(true);
  });

  it('leaves empty cells out unless an empty value is given', () => {
    expect(run(['boolean'], null).value).toBeNull();
    expect(run([{ boolean: { empty: false, invert: true } }], '').value).toBe(true);
  });

  it.each([
    ['S', true],
    ['N', false],
    ['Sì', true],
    ['Si\u0300', true],
    ['Sí', true],
    ['No', false],
    ['Ja', true],
    ['Nein', false],
    ['J', true],
    ['Oui', true],
    ['Non', false],
    ['O', true],
    ['V', true],
    ['F', false],
    ['Vero', true],
    ['Falso', false],
    ['Wahr', true],
    ['falsch', false],
    ['Vrai', true],
    ['Faux', false],
    ['Attivo', true],
    ['Non attivo', false],
    ['Activo', true],
    ['Inactivo', false],
    ['Aktiv', true],
    ['Inaktiv', false],
    ['Actif', true],
    ['Inactif', false],
  ])('reads the localized yes/no word %s as %s by default', (cell, expected) => {
    expect(run(['boolean'], cell)).toEqual({ value: expected, issues: [], skips: [] });
  });

  it('accepts extra spellings and reports unknown ones as bad-boolean errors', () => {
    expect(run([{ boolean: { true: ['oui oui'] } }], 'Oui Oui').value).toBe(true);
    expect(run(['boolean'], 'maybe')).toEqual({ value: null, issues: ['error:bad-boolean'], skips: [] });
  });

  it('gives each row its own answer when one compiled chain reads a column row after row', () => {
    const issues: string[] = [];
    const sink: TransformSink = { issue: (code) => issues.push(code), skip: () => undefined };
    const hidden = compileTransforms([{ boolean: { invert: true } }]);
    const cells: Scalar[] = ['Y', 'Y', 'N', 'maybe', 'maybe', 'Y', '', null, 'n', 'n'];
    expect(cells.map((cell) => hidden(cell, sink))).toEqual([
      false,
      false,
      true,
      null,
      null,
      false,
      null,
      null,
      true,
      true,
    ]);
    // A bad cell is reported on every row that has it, not only the first.
    expect(issues).toEqual(['bad-boolean', 'bad-boolean']);
  });
});

describe('text transforms', () => {
  it('turns HTML into text with line breaks and decoded entities', () => {
    expect(htmlToText('<p>Fish &amp; chips</p><ul><li>Salt</li><li>Vinegar&nbsp;!</li></ul>')).toBe(
      'Fish & chips\n\n- Salt\n- Vinegar !',
    );
    expect(run(['html_to_text'], '<p> </p>').value).toBeNull();
  });

  it.each([
    [
      'one <br /> then a newline is one break',
      'Röstkaffee 500 g<br />\nganze Bohne',
      'Röstkaffee 500 g\nganze Bohne',
    ],
    ['CRLF and spaces after <br> too', 'a<br> \r\nb<BR/>\rc', 'a\nb\nc'],
    ['a bare <br> is a break', 'a<br>b', 'a\nb'],
    ['a bare newline is a break', 'a\nb', 'a\nb'],
    ['two <br> are a blank line', 'a<br><br>b', 'a\n\nb'],
    ['<br> newline <br> is a blank line', 'a<br />\n<br />\nb', 'a\n\nb'],
    ['a newline before <br> stays two', 'a\n<br>b', 'a\n\nb'],
  ])('html_to_text: %s', (_, html, expected) => {
    expect(htmlToText(html)).toBe(expected);
  });

  it.each([
    [['trim'], '  a  ', 'a'],
    [['lower'], 'AbC', 'abc'],
    [['upper'], 'abc', 'ABC'],
    [['slug'], 'Café Crème 50%', 'cafe-creme-50'],
    [[{ split: { separator: ',' } }], 'A > B, C', 'A > B'],
    [[{ split: { separator: ',', index: -1 } }], 'A, C', 'C'],
    [[{ replace: { find: '_', with: ' ' } }], 'a_b_c', 'a b c'],
    [[{ default: 'none' }], null, 'none'],
    [[{ null_if: ['Default Title'] }], 'default title', null],
    [[{ null_if: ['Default Title'] }], 'Red', 'Red'],
  ] as [TransformStep[], Scalar, Scalar][])('%j turns %j into %j', (steps, input, expected) => {
    expect(run(steps, input).value).toBe(expected);
  });
});

describe('lookup', () => {
  const map = { active: false, draft: true };
  it('translates case-insensitively and keeps unknown values by default', () => {
    expect(run([{ lookup: { map } }], ' Draft ').value).toBe(true);
    expect(run([{ lookup: { map } }], 'other').value).toBe('other');
    expect(run([{ lookup: { map, otherwise: 'null' } }], 'other').value).toBeNull();
  });

  it('warns once per distinct unknown value', () => {
    const sinkIssues: string[] = [];
    const sink: TransformSink = { issue: (code) => sinkIssues.push(code), skip: () => undefined };
    const t = compileTransforms([{ lookup: { map, otherwise: 'warn' } }]);
    t('x', sink);
    t('X', sink);
    t('y', sink);
    expect(sinkIssues).toEqual(['unseen-enum-value', 'unseen-enum-value']);
  });
});

describe('category path', () => {
  it.each([
    ['Food > Pizza > Red', {}, 'Red'],
    ['Food / Pizza', {}, 'Pizza'],
    ['Food > Pizza', { take: 'first' as const }, 'Food'],
    ['Food > Pizza', { take: 'join' as const, join_with: ' / ' }, 'Food / Pizza'],
    ['Drinks', {}, 'Drinks'],
    [' > ', {}, null],
  ])('flattens %j', (path, options, expected) => {
    expect(flattenCategoryPath(path, options)).toBe(expected);
  });
});

describe('slug', () => {
  it.each([
    ['Modifier Set - Add $4.99?', 'modifier-set-add-4-99'],
    ['  Ça va  ', 'ca-va'],
    ['   ', ''],
  ])('slugifies %j', (text, expected) => {
    expect(slugify(text)).toBe(expected);
  });

  it('gives a name with nothing left to slug a hash of it, not an empty id', () => {
    expect(slugify('___')).toMatch(/^[0-9a-f]{8}$/);
    expect(slugify('___')).not.toBe(slugify('???'));
  });
});

describe('money rounding to cents', () => {
  const messages = (steps: Parameters<typeof compileTransforms>[0], value: string | number) => {
    const issues: string[] = [];
    const sink: TransformSink = {
      issue: (code, severity, message) => issues.push(`${severity}:${code}:${message}`),
      skip: () => undefined,
    };
    return { value: compileTransforms(steps)(value, sink), issues };
  };

  it.each([
    ['3.999', 4, 'rounded 3.999 to 4.00'],
    ['1.234', 1.23, 'rounded 1.234 to 1.23'],
    ['€ 2,345', 2345, undefined], // a thousands comma, not a decimal: nothing discarded
    [2.4999999999999996, 2.5, undefined], // float noise from a spreadsheet formula is no data
    ['4.50', 4.5, undefined],
  ])('%j becomes %j and warns %j', (input, value, warning) => {
    expect(messages(['money'], input)).toEqual({
      value,
      issues: warning ? [`warning:bad-price:${warning}`] : [],
    });
  });

  it('warns when integer minor units have a fraction of a cent', () => {
    expect(messages([{ money: { cents: true } }], '1250.5')).toEqual({
      value: 12.51,
      issues: ['warning:bad-price:rounded 1250.5 to 12.51'],
    });
  });
});
