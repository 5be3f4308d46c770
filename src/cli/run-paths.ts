import { CONFIG_FILE } from '../config/config-file.js';
import type { RunArgs } from './run-args.js';
import type { RunSettings } from '../config/settings/types.js';
import { isBareMappingName, shippedMappingFiles } from '../mapping/loader.js';
import type { NamedPath } from './output-paths.js';

/** The report files of a plan or apply run (`--out-json`, `--out-md`, `--out-html`), plus `extra`. */
export function reportOutputs(args: RunArgs, extra: Record<string, string | undefined> = {}): NamedPath[] {
  const named: Record<string, string | undefined> = {
    '--out-json': args['out-json'],
    '--out-md': args['out-md'],
    '--out-html': args['out-html'],
    ...extra,
  };
  return Object.entries(named).flatMap(([option, file]) => (file ? [{ option, file }] : []));
}

/**
 * Every file a run reads, which no output may overwrite: the mapping (a shipped name's candidate
 * files), the inputs, the config file, `--param` values that name a file (a modifier sets file is
 * passed that way), and `extra` (apply's --plan and client secret file).
 */
export function mappingReads(mapping: string | undefined, inputs: readonly string[]): NamedPath[] {
  const reads: NamedPath[] = inputs.map((file) => ({ option: '--input', file }));
  if (mapping === undefined) return reads;
  const mappingFiles = isBareMappingName(mapping) ? shippedMappingFiles(mapping) : [mapping];
  return [...mappingFiles.map((file) => ({ option: '--mapping', file })), ...reads];
}

export function paramReads(params: Readonly<Record<string, string>>): NamedPath[] {
  // Which parameter names a file is the mapping's business; any value can be compared harmlessly.
  return Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => ({ option: `--param ${name}`, file: value }));
}

export function runReads(
  args: RunArgs,
  settings: RunSettings,
  extra: Record<string, string | undefined> = {},
): NamedPath[] {
  return [
    ...mappingReads(settings.mapping, settings.inputs),
    ...paramReads(settings.params),
    { option: 'the config file', file: args.config ?? CONFIG_FILE },
    ...Object.entries(extra).flatMap(([option, file]) => (file ? [{ option, file }] : [])),
  ];
}
