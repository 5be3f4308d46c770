import type { z } from 'zod';
import { readCategoryPage, type ReadPage } from './category-read.js';
import { CategoryPage } from './category-schema.js';
import { FatalPlatformError } from './errors.js';
import type { RemoteCategory } from './types.js';

/** The failure of a listing that cannot be trusted; `INCONSISTENT_LISTING` for scripts. */
export function listingError(detail: string): FatalPlatformError {
  return new FatalPlatformError(`GET /menu/categories: ${detail}; the live menu was not read completely`, {
    code: 'INCONSISTENT_LISTING',
    hint: 'nothing was sent: the platform answered a listing that cannot be the whole menu; try again later, or ask the platform support',
  });
}

/**
 * Reads all pages one by one and checks them together: each page against the schema, the page
 * number asked for, one total_count on every page, full pages while `more` is true, no category
 * (by uid) listed twice, and exactly total_count categories at the end. The number of pages is
 * bounded by total_count, so a platform that always says `more` ends the read.
 */
export class CategoryListing {
  readonly categories: RemoteCategory[] = [];
  private readonly seen = new Map<string, number>();
  private total: number | undefined;

  constructor(private readonly pagesize: number) {}

  /** The number of pages the first page's total_count allows (at least 1). */
  get pageLimit(): number {
    return Math.max(1, Math.ceil((this.total ?? 0) / this.pagesize));
  }

  /** Adds one page's answer; true when more pages follow. Throws listingError when it cannot be trusted. */
  add(pageNumber: number, body: Record<string, unknown>): boolean {
    const page = readCategoryPage(body) ?? parsePage(pageNumber, body);
    const at = `page ${pageNumber}`;
    if (page.page !== pageNumber) throw listingError(`asked for page ${pageNumber}, got page ${page.page}`);
    if (page.pagesize !== this.pagesize)
      throw listingError(`${at} has pagesize ${page.pagesize}, asked for ${this.pagesize}`);
    if (this.total !== undefined && page.total_count !== this.total)
      throw listingError(
        `total_count changed from ${this.total} to ${page.total_count} on ${at} (the menu changed while it was read?)`,
      );
    this.total = page.total_count;
    const count = page.categories.length;
    if (count > this.pagesize)
      throw listingError(`${at} holds ${count} categories, more than its pagesize ${this.pagesize}`);
    for (const category of page.categories) {
      const first = this.seen.get(category.uid);
      if (first !== undefined)
        throw listingError(
          `${at} repeats category uid ${category.uid}${first === pageNumber ? '' : `, already listed on page ${first}`}`,
        );
      this.seen.set(category.uid, pageNumber);
      this.categories.push(category);
    }
    const read = this.categories.length;
    if (page.more) {
      if (count < this.pagesize)
        throw listingError(`${at} holds ${count} of ${this.pagesize} categories but says more pages follow`);
      if (read >= page.total_count || pageNumber >= this.pageLimit)
        throw listingError(
          `${at} says more pages follow after ${read} categories, but total_count is ${page.total_count}`,
        );
      return true;
    }
    if (read !== page.total_count)
      throw listingError(
        `${read === 0 ? 'an empty listing' : `${read} categories listed`} while total_count says ${page.total_count}`,
      );
    return false;
  }
}

/** The page through zod: what readCategoryPage does not accept for certain, and the error of a malformed page. */
function parsePage(pageNumber: number, body: Record<string, unknown>): ReadPage {
  const parsed = CategoryPage.safeParse(body);
  if (!parsed.success) throw listingError(`page ${pageNumber} ${describeIssue(parsed.error, body)}`);
  return parsed.data as ReadPage;
}

function describeIssue(error: z.ZodError, body: Record<string, unknown>): string {
  const issue = error.issues[0];
  if (!issue) return 'is malformed';
  const path = issue.path.map(String).join('.');
  if (issue.path.length === 1 && !(String(issue.path[0]) in body)) return `has no "${path}" member`;
  const value = issue.path.reduce<unknown>(
    (at, key) =>
      at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined,
    body,
  );
  const shown = value === undefined ? 'absent' : excerpt(JSON.stringify(value));
  return `has a malformed "${path}" (${shown}: ${issue.message})`;
}

function excerpt(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}
