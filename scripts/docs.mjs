// Writes the generated parts of the docs (run after a build: `npm run docs`, which also runs
// docs-config.mjs): the CLI reference in docs/cli.md, the shipped mappings in docs/mappings.md
// and the README, the layer table in docs/architecture.md. `--check` writes nothing and exits 1
// naming every stale file; test/docs/generated-docs.test.ts runs it. `--root DIR` reads and
// writes the Markdown files under DIR instead of the checkout (the sources stay the checkout's).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderCliReference } from './docs/cli-reference.mjs';
import { formatMarkdown, replaceSection } from './docs/generated-section.mjs';
import { renderLayerTable } from './docs/layer-table.mjs';
import { renderMappingNames, renderMappingTable } from './docs/shipped-mappings.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { check: { type: 'boolean' }, root: { type: 'string' } } });
const root = path.resolve(values.root ?? REPO);

// Each file and the generated sections it holds, by marker name.
const FILES = {
  'docs/cli.md': { commands: () => renderCliReference(REPO) },
  'docs/mappings.md': { 'shipped-mappings': () => renderMappingTable(REPO) },
  'docs/architecture.md': { layers: () => renderLayerTable(REPO) },
  'README.md': { 'shipped-mappings': () => renderMappingNames(REPO) },
};

const stale = [];
for (const [file, sections] of Object.entries(FILES)) {
  const where = path.join(root, file);
  const before = readFileSync(where, 'utf8');
  let text = before;
  for (const [name, render] of Object.entries(sections))
    text = replaceSection(text, name, await render(), file);
  text = await formatMarkdown(text, path.join(REPO, file));
  if (text === before) continue;
  stale.push(file);
  if (!values.check) writeFileSync(where, text);
}
if (values.check && stale.length > 0) {
  process.stderr.write(`stale generated docs: ${stale.join(', ')}: regenerate them with npm run docs\n`);
  process.exitCode = 1;
} else if (!values.check) {
  process.stdout.write(
    stale.length > 0 ? `wrote ${stale.join(', ')}\n` : 'the generated docs were up to date\n',
  );
}
