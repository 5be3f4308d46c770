import { CategoryListing, listingError } from './category-page.js';
import type { PlatformCall } from './platform-call.js';
import type { ListCategoriesQuery, RemoteCategory } from './types.js';

const MAX_PAGE_SIZE = 100;
// Beyond what total_count allows (category-page.ts): 100,000 categories is no restaurant's menu.
const MAX_PAGES = 1_000;

/** GET /menu/categories, page after page until the listing is complete (category-page.ts checks each page). */
export async function listAllCategories(
  call: PlatformCall,
  query: ListCategoriesQuery = {},
): Promise<RemoteCategory[]> {
  const pagesize = Math.min(MAX_PAGE_SIZE, Math.max(1, query.pageSize ?? MAX_PAGE_SIZE));
  const listing = new CategoryListing(pagesize);
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { body } = await call({
      method: 'GET',
      endpoint: '/menu/categories',
      query: {
        page,
        pagesize,
        ...(query.visible !== undefined ? { visible: query.visible } : {}),
        ...(query.q !== undefined ? { q: query.q } : {}),
      },
      mutating: false,
    });
    if (!listing.add(page, body)) return listing.categories;
  }
  throw listingError(`still more pages after ${MAX_PAGES}`);
}
