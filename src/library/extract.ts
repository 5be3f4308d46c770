import { extractMenu } from '../mapping/extract-menu.js';
import type { ExtractResult } from '../mapping/types.js';
import type { ProgressSink } from '../progress.js';
import { withSecrets } from '../secrets.js';
import type { MenuSource } from './options.js';

export interface ExtractOptions extends MenuSource {
  /** Told the rows read as the inputs stream (table mappings). */
  progress?: ProgressSink;
}

/**
 * `menusync extract` as a function: the inputs read and mapped to the canonical menu, with every
 * problem as a located issue and every skipped row counted (nothing is dropped silently). A
 * mapping that cannot be used, or an input that cannot be read, rejects with a MenusyncError.
 */
export function extract(options: ExtractOptions): Promise<ExtractResult> {
  return withSecrets(() =>
    extractMenu({
      mapping: options.mapping,
      inputs: options.inputs,
      ...(options.params ? { params: options.params } : {}),
      ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    }),
  );
}
