/** How many runs a target keeps by default: a month of nightly syncs. */
export const DEFAULT_KEEP_RUNS = 30;
