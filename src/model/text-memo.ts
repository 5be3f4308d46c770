/**
 * `fn` remembering its results per distinct text: a big export repeats a few short texts on every
 * row (option values, a category path, "Small" and "Large"), a fleet its few base URLs on every
 * target, and each gives the same result every time. At most `limit` texts of at most `maxLength` characters are kept; others are computed each
 * time, so memory stays bounded on an export of unique texts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- any value but undefined, which marks a text not met
export function memoByText<T extends {} | null>(
  fn: (text: string) => T,
  { limit = 1024, maxLength = 200 }: { limit?: number; maxLength?: number } = {},
): (text: string) => T {
  const results = new Map<string, T>();
  return (text) => {
    const known = results.get(text);
    if (known !== undefined) return known;
    const result = fn(text);
    if (results.size < limit && text.length <= maxLength) results.set(text, result);
    return result;
  };
}
