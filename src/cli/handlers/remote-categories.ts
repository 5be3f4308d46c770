import { alignedRows } from '../../display-width.js';
import { createPlatformClient } from '../../platform/client.js';
import type { RemoteCategory } from '../../platform/types.js';
import { platformOptions } from '../../config/settings/platform-options.js';
import type { ApplyConnectionArgs } from '../connection-options.js';
import { resolveRunSettings } from '../setting-flags.js';
import type { ConfigTargetArgs } from '../config-target-options.js';
import { createOutput } from '../output.js';
import { retryNotice } from '../../apply/0-start/retry-notice.js';
import { countOf } from '../../plural.js';

export type RemoteCategoriesArgs = ApplyConnectionArgs &
  ConfigTargetArgs & {
    json: boolean;
    visible?: 0 | 1;
    q?: string;
  };

/** Prints the categories the platform holds now. */
export async function runRemoteCategories(args: RemoteCategoriesArgs): Promise<void> {
  const out = createOutput();
  // Flags, then the config target (the only one, or --target), then the environment.
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
  const connection = platformOptions(settings.connection, settings.names);
  const client = createPlatformClient({ ...connection, notice: retryNotice(out) });
  const categories = await client.listCategories({
    ...(args.visible !== undefined ? { visible: args.visible } : {}),
    ...(args.q !== undefined ? { q: args.q } : {}),
  });
  out.data(args.json ? JSON.stringify(categories, null, 2) : renderTable(categories));
}

const COLUMNS = ['name', 'ext_id', 'uid', 'products', 'hidden', 'options'] as const;

export function renderTable(categories: RemoteCategory[]): string {
  if (categories.length === 0) return 'no categories';
  const rows = categories.map((c) => [
    c.name ?? '',
    c.ext_id ?? '',
    c.uid,
    String(c.products_count ?? ''),
    c.hidden ? 'yes' : 'no',
    String(c.options?.length ?? 0),
  ]);
  return [...alignedRows(COLUMNS, rows), countOf(categories.length, 'category', 'categories')].join('\n');
}
