// The layer table of docs/architecture.md, read from .dependency-cruiser.cjs: the rules
// `npm run lint:deps` enforces are the only list of layers, so the table cannot disagree with them.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cell } from './generated-section.mjs';

// What each folder of src/ holds: the one thing the cruiser config cannot say. A folder missing
// here stops `npm run docs` with its name, so a new layer is never shown without a description.
const FOLDER_ROLES = {
  model: 'the schemas of the payload and the canonical menu',
  extract: 'readers per format (CSV, .xlsx, JSON, JSON-LD in HTML)',
  platform: 'the platform client: auth, retries, endpoints',
  sandbox: 'the local platform',
  mapping: 'mapping files to a menu',
  plan: 'the differ, modes and guards',
  report: 'renderers (terminal, Markdown, HTML, JSON)',
  state: 'snapshots and run history, folder or PostgreSQL',
  init: 'format recognition and starter mappings',
  config: 'the config file and run settings (flags, config, environment resolved)',
  apply: "one target's plan or apply run: live read, guards, send, verify, record",
  history: 'history and rollback',
  fleet: 'many targets in one run',
  demo: 'the demo (`npm start`)',
  notify: 'webhook alerts (`notify:`)',
  worker: 'the queue worker (pg-boss)',
  library: "the library API's functions",
  console: 'the fleet console (`menusync serve`)',
};

const LAYER_RULE = /^layer-(.+)$/;
const FOLDER_LIST = /^\^src\/\(([^)]*)\)\/$/;

/** Each layer's folders, lowest first, from the `layer-<folder>` rules' lists of what is not below. */
export function layersOf(cruiserConfig) {
  const notBelow = new Map();
  for (const rule of cruiserConfig.forbidden) {
    const folder = LAYER_RULE.exec(rule.name)?.[1];
    if (!folder) continue;
    const list = FOLDER_LIST.exec([rule.to.path].flat()[0] ?? '');
    if (!list)
      throw new Error(
        `.dependency-cruiser.cjs: rule ${rule.name} no longer starts its to.path with ^src/(a|b)/`,
      );
    notBelow.set(folder, list[1].split('|').filter((name) => name !== 'cli').length);
  }
  // A folder may import every lower layer: the fewer folders are off limits, the higher it sits.
  const sizes = [...new Set(notBelow.values())].sort((a, b) => b - a);
  return sizes.map((size) => [...notBelow].filter(([, n]) => n === size).map(([folder]) => folder));
}

function roleOf(folder) {
  const role = FOLDER_ROLES[folder];
  if (!role)
    throw new Error(
      `src/${folder}/ has a layer but no description: add it to FOLDER_ROLES in scripts/docs/layer-table.mjs`,
    );
  return role;
}

/** The Markdown table, top layer first. */
export function renderLayerTable(root) {
  const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
  const layers = layersOf(config);
  const base = readdirSync(path.join(root, 'src'))
    .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'))
    .sort();
  const rows = [
    [
      layers.length + 2,
      ['cli/'],
      "the command line: flags, exit codes, the process's output. Nothing imports it",
    ],
    [layers.length + 1, ['index.ts'], "the library API (the package's entry point)"],
    ...layers
      .map((folders, index) => [index + 1, folders.map((f) => `${f}/`), folders.map(roleOf).join('; ')])
      .reverse(),
    [0, base, 'shared by all; import nothing of `src/`'],
  ];
  return [
    '| layer | folders | what it holds |',
    '| ----: | ------- | ------------- |',
    ...rows.map(
      ([n, folders, role]) => `| ${n} | ${folders.map((f) => `\`${f}\``).join(', ')} | ${cell(role)} |`,
    ),
  ].join('\n');
}
