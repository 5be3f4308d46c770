import type {
  ImportCategory,
  ImportOption,
  ImportOptionValue,
  ImportProduct,
} from '../model/import-payload.js';

/** Stored entities are the imported ones plus the uid the platform assigned. */
export type StoredOptionValue = ImportOptionValue & { uid: string };
export type StoredOption = Omit<ImportOption, 'option_values'> & {
  uid: string;
  option_values?: StoredOptionValue[];
};
export type StoredCategory = Omit<ImportCategory, 'options'> & { uid: string; options?: StoredOption[] };
export type StoredProduct = Omit<ImportProduct, 'options'> & { uid: string; options?: StoredOption[] };

export interface StoredMenu {
  categories: (StoredCategory & { products_count: number })[];
  products: StoredProduct[];
}
