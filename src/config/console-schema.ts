import { z } from 'zod';

/** The roles of the console: view reads everything; approve also approves and rejects blocked runs. */
export const ConsoleRole = z.enum(['view', 'approve']);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

export const DEFAULT_LINK_HOURS = 72;

/** One bearer token of `menusync serve`, kept as its SHA-256 so the config never holds the token itself. */
export const ConsoleToken = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_.@-]{1,64}$/, 'token names use letters, digits, _ . @ and - (at most 64)')
    .meta({ description: 'Who holds the token: the history records approvals under this name.' }),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'the SHA-256 of the token, as 64 lowercase hex digits')
    .meta({
      description: "The token's SHA-256 in hex (printf %s TOKEN | sha256sum).",
      examples: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    }),
  role: ConsoleRole.meta({ description: 'view: read only; approve: also approve or reject blocked runs.' }),
});
export type ConsoleToken = z.infer<typeof ConsoleToken>;

/** `console:` the settings of `menusync serve` and of the approval links that runs send. */
export const ConsoleConfig = z.strictObject({
  public_url: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "The console's address as a manager's browser reaches it (behind a reverse proxy, its public URL; its path is the console's base_path): webhooks of a blocked run carry an approval link under it.",
      examples: ['https://menus.example.com', 'https://ops.example.com/menusync'],
    }),
  base_path: z
    .string()
    .regex(
      /^(\/[A-Za-z0-9._~-]+)+$/,
      'a path such as /menusync: letters, digits, . _ ~ and - between slashes, no trailing slash',
    )
    .optional()
    .meta({
      description:
        "The URL path the console serves under, behind a reverse proxy that passes it on (every link, form, redirect and the session cookie carry it); public_url's path must be the same. `menusync serve` may be given another.",
      examples: ['/menusync'],
    }),
  key: z
    .string()
    .min(32, 'the link key needs at least 32 characters')
    .optional()
    .meta({
      description:
        'The secret that signs approval links (HMAC-SHA256), shared by the console and the workers; use ${VAR}. Default: the environment variable MENUSYNC_CONSOLE_KEY.',
      examples: ['${MENUSYNC_CONSOLE_KEY}'],
    }),
  link_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional()
    .meta({
      description: 'Hours an approval link stays valid.',
      default: DEFAULT_LINK_HOURS,
      examples: [24],
    }),
  tokens: z.array(ConsoleToken).optional().meta({
    description:
      'Bearer tokens, stored hashed, with their roles (MENUSYNC_CONSOLE_TOKEN adds one of role approve).',
  }),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;
