/**
 * Broken pages of GET /menu/categories, as a platform under load or a proxy has been seen to
 * answer them: for tests of the live read (platform/category-page.ts). Each one starts from the
 * page the sandbox would answer and breaks one promise of platform-interface.md.
 */
export const BROKEN_PAGES = [
  /** No `categories` member at all. */
  'no-categories',
  /** `categories` is an object, not an array. */
  'categories-not-array',
  /** An empty page whose total_count still counts the menu. */
  'empty-page',
  /** A clean, consistent empty menu (total_count 0): the platform shows nothing, whatever it holds. */
  'empty-menu',
  /** The page holds the categories of page 1 again (for page 1: its own list twice). */
  'repeat-page',
  /** `more` is true on every page, whatever total_count says: a listing that never ends. */
  'endless',
  /** total_count as a string. */
  'total-count-string',
  /** The first category's products_count as a string. */
  'bad-category',
] as const;
export type BrokenPage = (typeof BROKEN_PAGES)[number];

export type CategoryPageBody = {
  success: true;
  page: number;
  pagesize: number;
  total_count: number;
  more: boolean;
  categories: Record<string, unknown>[];
};

/** The page `body` broken as `how` says; `firstPage` is what page 1 holds. */
export function breakPage(
  body: CategoryPageBody,
  how: BrokenPage,
  firstPage: Record<string, unknown>[],
): Record<string, unknown> {
  switch (how) {
    case 'no-categories': {
      const { categories: _dropped, ...rest } = body;
      return rest;
    }
    case 'categories-not-array':
      return { ...body, categories: Object.fromEntries(body.categories.map((c, i) => [String(i), c])) };
    case 'empty-page':
      return { ...body, categories: [] };
    case 'empty-menu':
      return { ...body, total_count: 0, more: false, categories: [] };
    case 'repeat-page':
      return { ...body, categories: body.page === 1 ? [...firstPage, ...firstPage] : firstPage };
    case 'endless':
      return { ...body, more: true };
    case 'total-count-string':
      return { ...body, total_count: String(body.total_count) };
    case 'bad-category': {
      const [first, ...rest] = body.categories;
      return first ? { ...body, categories: [{ ...first, products_count: '3' }, ...rest] } : body;
    }
  }
}
