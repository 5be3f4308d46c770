import { describe, expect, it } from 'vitest';
import { countOf } from '../../src/plural.js';

describe('countOf', () => {
  it.each([
    [0, 'entity', 'entities', '0 entities'],
    [1, 'entity', 'entities', '1 entity'],
    [2, 'entity', 'entities', '2 entities'],
    [1, 'request', undefined, '1 request'],
    [3, 'request', undefined, '3 requests'],
    [1, 'option value', undefined, '1 option value'],
  ])('%i %s -> the right number', (n, singular, plural, expected) => {
    expect(countOf(n, singular, plural)).toBe(expected);
  });
});
