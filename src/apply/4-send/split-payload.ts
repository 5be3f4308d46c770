import { InvalidInputError } from '../../errors.js';
import type { ImportCategory, ImportPayload, ImportProduct } from '../../model/import-payload.js';
import { OPTION_NAMES } from '../../model/setting-names.js';

export { DEFAULT_MAX_PAYLOAD_BYTES } from '../../config/settings/defaults.js';

export function payloadBytes(payload: ImportPayload): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

/** A payload over the size limit that cannot be split. */
export class PayloadTooLargeError extends InvalidInputError {}

/**
 * Splits a merge payload into requests of at most `maxBytes`, each self-contained: every product
 * travels with the payload's category it names, so no request refers to a category the platform may
 * not have yet. Categories no product of the payload names go first. A replace is never split.
 * Sizes are summed per entity (one stringify each), not re-measured per chunk: linear in the payload.
 * `size` is the payload's byte length when the caller has already serialized it.
 */
export function splitPayload(
  payload: ImportPayload,
  maxBytes: number,
  size: number = payloadBytes(payload),
  /** How the caller names the limit in messages (`--max-payload-bytes`, `maxPayloadBytes`). */
  maxPayloadName: string = OPTION_NAMES.maxPayloadBytes,
): ImportPayload[] {
  if (size <= maxBytes) return [payload];
  // The limit is ours, for splitting merges; only the platform knows what it accepts. A replace
  // cannot be split (each request would replace the whole menu), so it goes whole, and an HTTP 413
  // is explained in send-plan.ts. Refusing it here would block every large first sync or migration.
  if (payload.update_mode === 'replace') return [payload];
  const envelope = payloadBytes({ ...payload, categories: [], products: [] });
  const categories = new Map((payload.categories ?? []).map((c) => [c.ext_id, c]));
  const named = new Set((payload.products ?? []).map((p) => p.category_ext_id));
  const chunks: Chunk[] = [];
  let current = new Chunk(payload, envelope);
  const place = (what: string, category: ImportCategory | undefined, product: ImportProduct | undefined) => {
    if (!current.fits(category, product, maxBytes)) {
      if (!current.isEmpty()) chunks.push(current);
      current = new Chunk(payload, envelope);
      if (!current.fits(category, product, maxBytes)) {
        throw new PayloadTooLargeError(
          `${what} alone (with its category) is over the limit of ${maxBytes} bytes`,
          { hint: `raise ${maxPayloadName}` },
        );
      }
    }
    current.add(category, product);
  };
  for (const category of categories.values()) {
    if (!named.has(category.ext_id)) place(`category ${category.ext_id}`, category, undefined);
  }
  for (const product of payload.products ?? []) {
    const category =
      product.category_ext_id === undefined ? undefined : categories.get(product.category_ext_id);
    place(`product ${product.ext_id}`, category, product);
  }
  if (!current.isEmpty()) chunks.push(current);
  return chunks.map((c) => c.payload());
}

class Chunk {
  private categories: ImportCategory[] = [];
  private products: ImportProduct[] = [];
  private categoryIds = new Set<string>();
  private bytes: number;

  constructor(
    private readonly base: ImportPayload,
    envelope: number,
  ) {
    this.bytes = envelope;
  }

  private extra(category: ImportCategory | undefined, product: ImportProduct | undefined): number {
    // +1 per entity for the separating comma (one too many is a safe overestimate).
    let extra = 0;
    if (category && !this.categoryIds.has(category.ext_id)) extra += entityBytes(category) + 1;
    if (product) extra += entityBytes(product) + 1;
    return extra;
  }

  fits(category: ImportCategory | undefined, product: ImportProduct | undefined, maxBytes: number): boolean {
    return this.bytes + this.extra(category, product) <= maxBytes;
  }

  add(category: ImportCategory | undefined, product: ImportProduct | undefined): void {
    this.bytes += this.extra(category, product);
    if (category && !this.categoryIds.has(category.ext_id)) {
      this.categoryIds.add(category.ext_id);
      this.categories.push(category);
    }
    if (product) this.products.push(product);
  }

  isEmpty(): boolean {
    return this.categories.length === 0 && this.products.length === 0;
  }

  payload(): ImportPayload {
    return {
      pos_uid: this.base.pos_uid,
      update_mode: this.base.update_mode,
      categories: this.categories,
      products: this.products,
    };
  }
}

function entityBytes(entity: ImportCategory | ImportProduct): number {
  return Buffer.byteLength(JSON.stringify(entity), 'utf8');
}
