import { z } from 'zod';
import { NUMBER_RANGES, rangedNumber } from './number-ranges.js';

/** The run outcomes a webhook may be told about. */
export const NotifyOutcome = z.enum(['failed', 'blocked', 'drift', 'applied']);
export type NotifyOutcome = z.infer<typeof NotifyOutcome>;

export const DEFAULT_NOTIFY_ON: readonly NotifyOutcome[] = ['failed', 'blocked', 'drift'];
export const DEFAULT_NOTIFY_TIMEOUT = 10;
export const DEFAULT_NOTIFY_ATTEMPTS = 3;

/** `notify:` a webhook that receives a JSON summary of a run whose outcome it names. */
export const NotifyConfig = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }).meta({
      description:
        'The webhook URL (http or https). It may carry a token: printed forms show only its origin. Use ${VAR} to keep it out of the file.',
      examples: ['${MENUSYNC_WEBHOOK_URL}', 'https://hooks.example.com/menusync'],
    }),
    on: z
      .array(NotifyOutcome)
      .min(1)
      .optional()
      .meta({
        description:
          'The outcomes that send a POST: failed (incl. cancelled, locked), blocked, drift (a read-back that differs), applied.',
        default: [...DEFAULT_NOTIFY_ON],
        examples: [['failed', 'blocked', 'drift', 'applied']],
      }),
    timeout: rangedNumber(NUMBER_RANGES.notifyTimeout)
      .optional()
      .meta({
        description: 'Seconds per POST attempt.',
        default: DEFAULT_NOTIFY_TIMEOUT,
        examples: [5],
      }),
    max_attempts: rangedNumber(NUMBER_RANGES.notifyAttempts)
      .optional()
      .meta({
        description: 'Attempts per notification (a 5xx, 429 or network error is tried again).',
        default: DEFAULT_NOTIFY_ATTEMPTS,
        examples: [5],
      }),
  })
  .meta({ description: 'A webhook POSTed a JSON summary of a run whose outcome is in `on`.' });
export type NotifyConfig = z.infer<typeof NotifyConfig>;
