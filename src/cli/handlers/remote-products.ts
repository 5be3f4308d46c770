import { z } from 'zod';
import { retryNotice } from '../../apply/0-start/retry-notice.js';
import { platformOptions } from '../../config/settings/platform-options.js';
import type { ApplyConnectionArgs } from '../connection-options.js';
import { resolveRunSettings } from '../setting-flags.js';
import { InvalidInputError } from '../../errors.js';
import { ImportCategory, ImportProduct } from '../../model/index.js';
import { createPlatformClient } from '../../platform/client.js';
import { PlatformError } from '../../platform/errors.js';
import { countOf } from '../../plural.js';
import { type ConfigTargetArgs } from '../config-target-options.js';
import { createOutput } from '../output.js';

// `menusync remote products`: what reached the menusync sandbox, product by product. The platform's
// read API lists categories only, so this reads the sandbox's own view (GET /_sandbox/menu) and
// says so plainly when pointed at anything else.

export type RemoteProductsArgs = ApplyConnectionArgs & ConfigTargetArgs & { json: boolean };

/** The sandbox's stored menu: import entities plus the uids the sandbox gave them. */
const SandboxMenu = z.object({
  categories: z.array(ImportCategory.extend({ uid: z.string() })),
  products: z.array(ImportProduct.extend({ uid: z.string() })),
});
type SandboxMenu = z.infer<typeof SandboxMenu>;

/** Prints the sandbox's stored menu. */
export async function runRemoteProducts(args: RemoteProductsArgs): Promise<void> {
  const out = createOutput();
  // Flags, then the config target (the only one, or --target), then the environment.
  const settings = await resolveRunSettings(args, process.cwd(), { soleTarget: true });
  const connection = platformOptions(settings.connection, settings.names);
  const client = createPlatformClient({ ...connection, notice: retryNotice(out) });
  let answer: unknown;
  try {
    answer = await client.readSandboxMenu?.();
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw notTheSandbox(connection.baseUrl);
    throw error;
  }
  const menu = SandboxMenu.safeParse(answer);
  if (!menu.success) throw notTheSandbox(connection.baseUrl);
  out.data(args.json ? JSON.stringify(menu.data, null, 2) : renderProducts(menu.data));
}

function notTheSandbox(baseUrl: string): InvalidInputError {
  return new InvalidInputError(
    `${baseUrl} has no products view: \`remote products\` reads the menusync sandbox only`,
    {
      hint: "the platform's read API lists categories: menusync remote categories",
    },
  );
}

/** Category by category, in position order; each product with its price, hidden flag and options. */
export function renderProducts(menu: SandboxMenu): string {
  if (menu.products.length === 0) return 'no products';
  const lines: string[] = [];
  const known = new Set(menu.categories.map((c) => c.ext_id));
  const groups = [
    ...menu.categories.map((c) => ({
      title: `${c.name ?? ''} (${c.ext_id})${c.hidden ? ' hidden' : ''}`,
      ext_id: c.ext_id,
    })),
    { title: '(no category)', ext_id: undefined },
  ];
  for (const group of groups) {
    const products = menu.products
      .filter((p) =>
        group.ext_id === undefined ? !known.has(p.category_ext_id ?? '') : p.category_ext_id === group.ext_id,
      )
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    if (products.length === 0) continue;
    lines.push(group.title);
    for (const p of products) {
      const price = p.price === undefined ? 'no price' : p.price.toFixed(2);
      lines.push(`  ${p.name ?? ''} (${p.ext_id})  ${price}${p.hidden ? '  hidden' : ''}`);
      for (const option of p.options ?? []) {
        const values = (option.option_values ?? []).map((v) => {
          const surcharge =
            v.price_operand === undefined ? '' : ` ${v.price_operator ?? '+'}${v.price_operand.toFixed(2)}`;
          return `${v.name ?? v.ext_id}${surcharge}${v.hidden ? ' hidden' : ''}`;
        });
        const bounds = `${option.min_selectable ?? '-'}..${option.max_selectable ?? '-'}`;
        lines.push(
          `    ${option.name ?? option.ext_id} [${option.type ?? 'no type'}, choose ${bounds}]: ${values.join(', ')}`,
        );
      }
    }
  }
  lines.push(countOf(menu.products.length, 'product', 'products'));
  return lines.join('\n');
}
