/**
 * A count with its noun in the right number: `1 entity`, `2 entities`, `0 rows`. English plurals
 * are not all `s`, so the irregular ones are given (`countOf(n, 'entity', 'entities')`).
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
