import { z } from 'zod';
import { SETTING_NAMES, type SettingName, type SettingNames } from '../model/setting-names.js';
import { NUMBER_RANGES, rangeText, type NumberRange } from './number-ranges.js';
import { MenusyncConfig } from './schema.js';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
};

/**
 * The JSON Schema of menusync.config.yaml for editors (schema/config.schema.json), generated from
 * the zod schema. `format` is left out: any string value may be a `${NAME}` the run expands, which
 * an editor would otherwise flag as a bad URL.
 */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(MenusyncConfig, { target: 'draft-2020-12', io: 'input' });
  return withoutFormats(schema) as Record<string, unknown>;
}

function withoutFormats(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFormats);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === 'format' && typeof item === 'string'))
      .map(([key, item]) => [key, withoutFormats(item)]),
  );
}

/**
 * How the command line gives what the config file holds, for the reference: the schema describes
 * the keys (the config file is the same for every caller), the CLI names its flags
 * (cli/config-flags.ts), and the reference says which flag goes with which key.
 */
export interface ConfigFlags {
  /** Each setting's flag (the CLI's FLAG_NAMES). */
  settings: SettingNames;
  /** The flag, or command and flag, of each number no setting holds (`worker --grace-seconds`). */
  ranges: Readonly<Partial<Record<keyof typeof NUMBER_RANGES, string>>>;
}

/** The setting a config key gives, by its path in a target (`guards.allow_deletes`): its flag is said beside it. */
const KEY_SETTINGS: Readonly<Record<string, SettingName>> = {
  'guards.allow_deletes': 'allowDeletes',
  'guards.allow_hiding': 'allowHiding',
  'guards.allow_price_changes': 'allowPriceChanges',
  'guards.allow_erosion': 'allowErosion',
  'guards.erosion_days': 'erosionDays',
  'guards.protect': 'protect',
  'guards.allow_empty': 'allowEmpty',
  params: 'params',
  auth: 'auth',
  mode: 'mode',
  max_attempts: 'maxAttempts',
  max_retry_time: 'maxRetryTime',
  timeout: 'timeout',
  max_payload_bytes: 'maxPayloadBytes',
  max_input_bytes: 'maxInputBytes',
  max_inflated_bytes: 'maxInflatedBytes',
  max_shared_strings: 'maxSharedStrings',
  max_cells: 'maxCells',
  max_cell_chars: 'maxCellChars',
  keep_runs: 'keepRuns',
};

const isSetting = (name: string): name is SettingName => (SETTING_NAMES as readonly string[]).includes(name);

/** How a number is given: its flag (a setting's, or the CLI's own) and its config key. */
function rangeNames(name: keyof typeof NUMBER_RANGES, flags: ConfigFlags): string {
  const range: NumberRange = NUMBER_RANGES[name];
  const flag = isSetting(name) ? flags.settings[name] : flags.ranges[name];
  return [flag, range.key].filter((part) => part !== undefined).join(', ');
}

/** docs/config.md: every key with its type, default, description and example, from the JSON Schema. */
export function renderConfigReference(flags: ConfigFlags): string {
  const root = configJsonSchema() as JsonSchema;
  const defs = root.$defs ?? {};
  const resolve = (s: JsonSchema): JsonSchema => (s.$ref ? (defs[s.$ref.split('/').pop()!] ?? s) : s);
  const targets = resolve(root.properties!.targets!.additionalProperties as JsonSchema);
  const guards = resolve(targets.properties!.guards!);
  const notify = resolve(targets.properties!.notify!);
  return [
    '# Config file reference (menusync.config.yaml)',
    '',
    '<!-- Generated from src/config/schema.ts by `npm run docs:config`: edit the schema, not this file. -->',
    '',
    'Every key menusync accepts, generated from the schema that checks the file, so the two cannot',
    'disagree. Editors can check the file against [schema/config.schema.json](../schema/config.schema.json)',
    '(for the YAML language server: `# yaml-language-server: $schema=…/schema/config.schema.json` on the',
    'first line). `menusync config validate` checks a file and everything it names. Unknown keys are',
    'refused (exit 2, with the line). Relative paths are relative to the config file. A flag given on',
    'the command line wins over the config; the config wins over the defaults below.',
    '',
    '`${NAME}` in any string value is replaced by the environment variable NAME when the file is read',
    '(`$${NAME}` keeps the text `${NAME}`). An unset variable is an error at its line (exit 2). A value',
    'from the environment is shown in messages as written (`${NAME}`), never expanded. Secrets stay',
    'out of the file: `client_secret_file` or `MENUSYNC_CLIENT_SECRET`, and a webhook URL from `${NAME}`.',
    '',
    '## Top level',
    '',
    ...table(root, resolve, flags, '', {
      targets: 'map of target name → [target](#target-keys)',
      defaults: '[target](#target-keys) keys',
      notify: '[notify](#notify)',
    }),
    '',
    '## Target keys',
    '',
    'The keys of each `targets.NAME` entry, and of `defaults:`.',
    '',
    ...table(targets, resolve, flags, '', { guards: '[guards](#guards)', notify: '[notify](#notify)' }),
    '',
    '## guards',
    '',
    guards.description ?? '',
    '',
    ...table(guards, resolve, flags, 'guards.', {}),
    '',
    '## notify',
    '',
    `${notify.description ?? ''} Per target: one POST per \`apply\` of that target, alone, in a fleet or`,
    'as a `menusync worker` job (a job queued again because the target was locked is not told). At the',
    'top level: one POST per fleet run, when any of its targets ended in a named outcome. A webhook that fails never',
    'changes the exit code: a line on stderr says so.',
    '',
    ...table(notify, resolve, flags, 'notify.', {}),
    '',
    '## Number ranges',
    '',
    'Every number given by a flag or a config key is checked where it is read: outside its range the',
    'run stops before it starts, with one line naming the flag or key (exit 2).',
    '',
    '| flag or key | range |',
    '| --- | --- |',
    ...(Object.keys(NUMBER_RANGES) as (keyof typeof NUMBER_RANGES)[]).map(
      (name) => `| ${rangeNames(name, flags)} | ${rangeText(NUMBER_RANGES[name])} |`,
    ),
    '',
  ].join('\n');
}

function table(
  object: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  flags: ConfigFlags,
  prefix: string,
  typeOverrides: Record<string, string>,
): string[] {
  const required = new Set(object.required ?? []);
  const rows = Object.entries(object.properties ?? {}).map(([key, raw]) => {
    const prop = resolve(raw);
    const setting = KEY_SETTINGS[prefix + key];
    const flag = setting ? ` Flag: \`${flags.settings[setting]}\`.` : '';
    const description = (raw.description ?? prop.description ?? '') + flag;
    const example = (raw.examples ?? prop.examples)?.[0];
    return [
      `\`${key}\`${required.has(key) ? ' (required)' : ''}`,
      typeOverrides[key] ?? typeOf(prop),
      raw.default !== undefined ? code(raw.default) : '',
      description,
      example !== undefined ? code(example) : '',
    ];
  });
  return [
    '| key | type | default | description | example |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`),
  ];
}

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => code(v)).join(' or ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.type === 'array') return `list of ${schema.items ? typeOf(schema.items) : 'values'}`;
  if (
    schema.type === 'object' &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object'
  )
    return `map of name → ${typeOf(schema.additionalProperties)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    return `${schema.type === 'integer' ? 'whole number' : 'number'}, ${schema.minimum} to ${schema.maximum}`;
  return schema.type ?? 'value';
}

/** A value as YAML would show it inline, in backticks. */
function code(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value).replaceAll('","', '", "');
  return `\`${text}\``;
}
