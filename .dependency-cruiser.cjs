// The direction of dependencies between the folders of src/, checked by `npm run lint:deps`
// (part of `npm test`). docs/architecture.md's layer table is generated from these rules
// (`npm run docs`, scripts/docs/layer-table.mjs). A folder may import
// its own files and those of any LOWER layer; never a folder of its own layer or a higher one.
// A new folder under src/ fails until it is given a layer here.
const LAYERS = [
  ['model'],
  ['extract', 'platform', 'sandbox'],
  ['mapping', 'plan'],
  ['report', 'state', 'init'],
  ['config'],
  // notify/ (webhooks) sits beside apply/ so that fleet/, where every run's after-effects are
  // done for the CLI, the worker and the library alike, can send them.
  ['apply', 'notify'],
  ['history', 'fleet', 'demo'],
  ['worker', 'library'],
  // menusync serve: pages over the state, the workers' queue and approvals (it applies a kept plan).
  ['console'],
];
// src/*.ts (errors, output, plural, progress, secrets) sit below every folder and import none;
// src/index.ts (the library API) sits above them all; cli/ is the top and nothing imports it.
const BASE = '^src/(?!index\\.ts$)[^/]+\\.ts$';
const folders = LAYERS.flat();
const any = (names) => `^src/(${names.join('|')})/`;

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.map((folder) => {
    const notBelow = LAYERS.slice(index)
      .flat()
      .filter((name) => name !== folder);
    return {
      name: `layer-${folder}`,
      comment: `${folder}/ may import only the layers below it (.dependency-cruiser.cjs)`,
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: [any([...notBelow, 'cli']), '^src/index\\.ts$'] },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycle, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'cli-is-the-top',
      comment: 'nothing outside src/cli/ imports it (bench/ and test/ may)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'base-imports-nothing',
      comment: 'src/*.ts (errors, output, plural, progress, secrets) import only each other',
      severity: 'error',
      from: { path: BASE },
      to: { path: '^src/[^/]+/' },
    },
    {
      name: 'folder-has-a-layer',
      comment: 'every folder of src/ is given a layer in .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: [any([...folders, 'cli'])] },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-bench|node_modules)/' },
    // Type-only imports count: a cycle through `import type` is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
