import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsoleContext } from './console-context.js';

/** Run ids as newRunId makes them: nothing else reaches the store (no path in a run id). */
export const RUN_ID = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

/** One request as the console's handlers take it. */
export interface Route {
  ctx: ConsoleContext;
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  /** The path's segments, percent-decoded. */
  segments: string[];
  /** Whether the public URL is https (the session cookie is then Secure). */
  secure: boolean;
}
