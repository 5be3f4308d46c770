import path from 'node:path';
import { REPO_ROOT } from './run-cli.js';

/** What a process stopped at a crash checkpoint prints on stderr, followed by `=<point>`. */
export const PAUSE_MARKER = 'MENUSYNC_PAUSED_AT';

/** The CLI with a crash checkpoint (paused-cli.mjs): spawn it with the point, then menusync's args. */
export const PAUSED_CLI = path.join(REPO_ROOT, 'test/helpers/paused-cli.mjs');
