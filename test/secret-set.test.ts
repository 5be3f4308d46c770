import { describe, expect, it } from 'vitest';
import { SecretSet } from '../src/secret-set.js';

const setOf = (...secrets: string[]): SecretSet => {
  const set = new SecretSet();
  for (const secret of secrets) set.add(secret);
  return set;
};

describe('SecretSet redacts in one pass', () => {
  it.each([
    ['a secret anywhere in the text', ['s3cr3t-token'], 'x s3cr3t-token y s3cr3t-token', 'x [R] y [R]'],
    ['a secret at the very end', ['tail'], 'the tail', 'the [R]'],
    ['the longest of two secrets that start alike', ['abc', 'abcdef'], '-abcdef-abc-', '-[R]-[R]-'],
    ['secrets that follow each other', ['one', 'two'], 'onetwoone', '[R][R][R]'],
    ['a one-character secret', ['q', 'longer-secret'], 'quiet longer-secret', '[R]uiet [R]'],
    ['a secret beyond the first code unit of the BMP', ['pass€😀word'], 'is pass€😀word!', 'is [R]!'],
    ['nothing when no secret occurs', ['absent'], 'a text with none', 'a text with none'],
  ])('replaces %s', (_what, secrets, text, expected) => {
    expect(setOf(...secrets).redact(text, '[R]')).toBe(expected);
  });

  it('finds every secret among thousands that share their first characters', () => {
    // More than BURST secrets per prefix: the trie splits its nodes while secrets are added.
    const secrets = Array.from({ length: 5_000 }, (_, i) => `tok_${String(i).padStart(5, '0')}_x`);
    const set = setOf(...secrets);
    const text = secrets.filter((_, i) => i % 7 === 0).join(' and ');
    const redacted = set.redact(text, '*');
    expect(redacted).not.toMatch(/tok_/);
    expect(redacted.split(' and ').every((piece) => piece === '*')).toBe(true);
    // A near miss (a prefix of many secrets, but none of them) is kept.
    expect(set.redact('tok_00001_y')).toBe('tok_00001_y');
  });

  it('keeps redacting the secrets of a set that grows after a shorter one lowered the head', () => {
    const set = setOf('long-secret-1');
    expect(set.redact('long-secret-1 ab')).toBe('[REDACTED] ab');
    set.add('ab');
    set.add('long-secret-2');
    expect(set.redact('long-secret-1 ab long-secret-2')).toBe('[REDACTED] [REDACTED] [REDACTED]');
  });

  it('copies the secrets of another set, which keeps its own afterwards', () => {
    const outer = setOf('outer');
    const inner = new SecretSet(outer);
    inner.add('inner');
    expect(inner.redact('outer inner')).toBe('[REDACTED] [REDACTED]');
    expect(outer.redact('outer inner')).toBe('[REDACTED] inner');
  });

  it('ignores an empty secret', () => {
    expect(setOf('').redact('text')).toBe('text');
  });
});
