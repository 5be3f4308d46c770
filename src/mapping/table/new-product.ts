import type { ImportProduct } from '../../model/import-payload.js';

/**
 * A product in one object literal with a slot for each field set later, so that 100k products do
 * not each grow a property array. Absent fields are undefined, which the menu's JSON leaves out.
 * The slots keep the order the fields have always been written in: a price not read from the head
 * row (the variants give it) and the options come after `position`; with no `hidden` from the head
 * there is no slot for it, as the unpriced rule may add it last.
 */
export function newProduct(
  ext_id: string,
  name: string,
  category_ext_id: string | undefined,
  description: string | undefined,
  price: number | undefined,
  image: string | undefined,
  hidden: boolean | undefined,
  position: number,
): ImportProduct {
  if (hidden === undefined) {
    return price === undefined
      ? { ext_id, name, category_ext_id, description, image, position, price, options: undefined }
      : { ext_id, name, category_ext_id, description, price, image, position, options: undefined };
  }
  return price === undefined
    ? { ext_id, name, category_ext_id, description, image, hidden, position, price, options: undefined }
    : { ext_id, name, category_ext_id, description, price, image, hidden, position, options: undefined };
}
