import { describe, expect, it } from 'vitest';
import { memoByText } from '../../src/model/text-memo.js';

describe('memoByText', () => {
  it('computes a repeated text once and gives the same result, null included', () => {
    const calls: string[] = [];
    const memo = memoByText((text) => {
      calls.push(text);
      return text === 'none' ? null : text.toUpperCase();
    });
    expect([memo('a'), memo('a'), memo('none'), memo('none')]).toEqual(['A', 'A', null, null]);
    expect(calls).toEqual(['a', 'none']);
  });

  it('keeps at most limit texts of at most maxLength characters; others are computed each time', () => {
    let calls = 0;
    const memo = memoByText(
      (text) => {
        calls += 1;
        return text.length;
      },
      { limit: 2, maxLength: 3 },
    );
    for (const text of ['a', 'b', 'c', 'c', 'long', 'long', 'a']) memo(text);
    // a and b are kept (a is met again); c comes after the limit and long is too long: each computed twice.
    expect(calls).toBe(6);
  });
});
