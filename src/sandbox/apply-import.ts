import type { ImportOption, ImportPayload } from '../model/import-payload.js';
import type { StoredCategory, StoredOption, StoredOptionValue, StoredProduct } from './stored-menu.js';

/** One client's menu as the sandbox keeps it: entities in import shape plus their uids. */
export interface ClientMenu {
  categories: StoredCategory[];
  products: StoredProduct[];
}

type Mode = ImportPayload['update_mode'];
type NewUid = () => string;

/**
 * Applies a validated import to a client's menu and returns the new menu (the old one is not
 * touched, so a failure part-way can never leave a half-applied state).
 * replace: the menu becomes exactly the payload, in payload order. merge: entities are created or
 * updated by ext_id (options within their parent, values within their option); nothing is removed.
 * Either way an entity keeps its uid while its ext_id stays in the same scope.
 */
export function applyImport(current: ClientMenu, payload: ImportPayload, newUid: NewUid): ClientMenu {
  const mode = payload.update_mode;
  return {
    categories: combine(mode, current.categories, payload.categories, (old, incoming) => ({
      ...(mode === 'merge' ? old : undefined),
      ...withoutOptions(incoming),
      uid: old?.uid ?? newUid(),
      ...optionsField(mode, old?.options, incoming.options, newUid),
    })),
    products: combine(mode, current.products, payload.products, (old, incoming) => ({
      ...(mode === 'merge' ? old : undefined),
      ...withoutOptions(incoming),
      uid: old?.uid ?? newUid(),
      ...optionsField(mode, old?.options, incoming.options, newUid),
    })),
  };
}

/** replace keeps only the incoming list (in its order); merge updates in place and appends new ones. */
function combine<I extends { ext_id: string }, S extends { ext_id: string }>(
  mode: Mode,
  current: readonly S[] | undefined,
  incoming: readonly I[] | undefined,
  build: (old: S | undefined, incoming: I) => S,
): S[] {
  const byId = new Map((current ?? []).map((entity) => [entity.ext_id, entity]));
  if (mode === 'replace') return (incoming ?? []).map((item) => build(byId.get(item.ext_id), item));
  const result = [...(current ?? [])];
  const index = new Map(result.map((entity, i) => [entity.ext_id, i]));
  for (const item of incoming ?? []) {
    const at = index.get(item.ext_id);
    if (at === undefined) {
      index.set(item.ext_id, result.length);
      result.push(build(undefined, item));
    } else {
      result[at] = build(result[at], item);
    }
  }
  return result;
}

function withoutOptions<T extends { options?: unknown }>(entity: T): Omit<T, 'options'> {
  const { options: _options, ...rest } = entity;
  return rest;
}

function optionsField(
  mode: Mode,
  old: StoredOption[] | undefined,
  incoming: ImportOption[] | undefined,
  newUid: NewUid,
): { options?: StoredOption[] } {
  // merge leaves the options alone when the payload does not mention them
  if (incoming === undefined) return mode === 'merge' && old ? { options: old } : {};
  return {
    options: combine(mode, old, incoming, (oldOption, option): StoredOption => {
      const { option_values: values, ...fields } = option;
      const base = mode === 'merge' ? oldOption : undefined;
      const mergedValues: StoredOptionValue[] | undefined =
        values === undefined
          ? base?.option_values
          : combine(mode, oldOption?.option_values, values, (oldValue, value) => ({
              ...(mode === 'merge' ? oldValue : undefined),
              ...value,
              uid: oldValue?.uid ?? newUid(),
            }));
      return {
        ...base,
        ...fields,
        uid: oldOption?.uid ?? newUid(),
        ...(mergedValues !== undefined ? { option_values: mergedValues } : {}),
      };
    }),
  };
}
