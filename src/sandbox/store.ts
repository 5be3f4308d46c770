import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InvalidInputError } from '../errors.js';
import type { CanonicalMenu } from '../model/canonical-menu.js';
import type { ImportOption, ImportPayload } from '../model/import-payload.js';
import { applyImport, type ClientMenu } from './apply-import.js';
import { tamperMenu, type TamperResult, type TamperSpec } from './tamper.js';
import type { StoredMenu, StoredOption } from './types.js';

interface PersistedState {
  version: 1;
  menus: Record<string, ClientMenu>;
  importCounts: Record<string, number>;
}

/** Every client's menu, in memory, optionally persisted to one JSON file. */
export class MenuStore {
  private menus = new Map<string, ClientMenu>();
  private importCounts = new Map<string, number>();

  constructor(private readonly dataFile?: string) {
    if (dataFile) this.load(dataFile);
  }

  menu(clientId: string): ClientMenu {
    return this.menus.get(clientId) ?? { categories: [], products: [] };
  }

  importCount(clientId: string): number {
    return this.importCounts.get(clientId) ?? 0;
  }

  /** The payload must already be validated: this cannot fail half-way. */
  applyImport(clientId: string, payload: ImportPayload): void {
    const next = applyImport(this.menu(clientId), payload, newUid);
    this.menus.set(clientId, next);
    this.importCounts.set(clientId, this.importCount(clientId) + 1);
    this.save();
  }

  /** Changes the menu behind the importer's back (tamper.ts); not counted as an import. */
  tamper(clientId: string, spec: TamperSpec): TamperResult {
    const { menu, result } = tamperMenu(this.menu(clientId), spec, newUid);
    this.menus.set(clientId, menu);
    this.save();
    return result;
  }

  /** A copy of the whole menu, categories with their products_count. */
  stored(clientId: string): StoredMenu {
    return structuredClone({ categories: this.categories(clientId), products: this.menu(clientId).products });
  }

  /** The categories with products_count, without copying the (much larger) products. */
  categories(clientId: string): StoredMenu['categories'] {
    const menu = this.menu(clientId);
    const counts = new Map<string, number>();
    for (const product of menu.products) {
      if (product.category_ext_id !== undefined) {
        counts.set(product.category_ext_id, (counts.get(product.category_ext_id) ?? 0) + 1);
      }
    }
    return menu.categories.map((c) => ({ ...c, products_count: counts.get(c.ext_id) ?? 0 }));
  }

  exportMenu(clientId: string): CanonicalMenu {
    const menu = this.menu(clientId);
    return structuredClone({
      categories: menu.categories.map(({ uid: _uid, options, ...c }) => ({
        ...c,
        ...exportOptions(options),
      })),
      products: menu.products.map(({ uid: _uid, options, ...p }) => ({ ...p, ...exportOptions(options) })),
    });
  }

  private load(file: string): void {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    let state: PersistedState;
    try {
      state = JSON.parse(text) as PersistedState;
    } catch {
      throw new InvalidInputError(`sandbox data file ${file} is not valid JSON`, {
        hint: 'move it away to start from an empty sandbox',
      });
    }
    this.menus = new Map(Object.entries(state.menus ?? {}));
    this.importCounts = new Map(Object.entries(state.importCounts ?? {}));
  }

  /** Temp file + rename, so a crash leaves the old file or the new one, never a torn one. */
  private save(): void {
    if (!this.dataFile) return;
    const state: PersistedState = {
      version: 1,
      menus: Object.fromEntries(this.menus),
      importCounts: Object.fromEntries(this.importCounts),
    };
    const temp = path.join(
      path.dirname(this.dataFile),
      `.${path.basename(this.dataFile)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
    );
    writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(temp, this.dataFile);
  }
}

// randomUUID draws from a cached entropy pool: a large import assigns tens of thousands of uids.
function newUid(): string {
  return randomUUID().replaceAll('-', '').slice(0, 16);
}

function exportOptions(options: StoredOption[] | undefined): { options?: ImportOption[] } {
  if (options === undefined) return {};
  return {
    options: options.map(({ uid: _uid, option_values, ...o }) => ({
      ...o,
      ...(option_values ? { option_values: option_values.map(({ uid: _v, ...v }) => v) } : {}),
    })),
  };
}
