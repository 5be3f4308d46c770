// The list of shipped mappings (docs/mappings.md, and the names in the README), read from each
// mappings/<name>/ folder: its mapping's title and parameters and the recognitions of format.yaml.
// A format added as a folder shows up here on the next `npm run docs`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { cell } from './generated-section.mjs';

function readYaml(file) {
  return existsSync(file) ? parse(readFileSync(file, 'utf8')) : undefined;
}

/** Every folder of mappings/ that holds a mapping.yaml, by name. */
export function shippedMappings(root) {
  const dir = path.join(root, 'mappings');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'mapping.yaml')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const mapping = readYaml(path.join(dir, name, 'mapping.yaml'));
      const format = readYaml(path.join(dir, name, 'format.yaml'));
      return {
        name,
        title: mapping.title ?? name,
        parameters: Object.keys(mapping.parameters ?? {}),
        // Several recognitions of one format are its layouts or languages (Loyverse EN/ES).
        recognized: (format?.recognize ?? []).map((rule) => rule.label ?? format.label),
      };
    });
}

/** The table of docs/mappings.md: links relative to docs/. */
export function renderMappingTable(root) {
  const rows = shippedMappings(root).map((m) =>
    [
      `[\`${m.name}\`](../mappings/${m.name}/README.md)`,
      cell(m.title),
      m.parameters.map((p) => `\`${p}\``).join(', ') || '–',
      cell([...new Set(m.recognized)].join('; ')) || 'not recognized by `init`',
    ].join(' | '),
  );
  return [
    '| mapping | reads | parameters | `menusync init` recognizes |',
    '| ------- | ----- | ---------- | -------------------------- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The README's one paragraph: how many, and each name linked to its page. */
export function renderMappingNames(root) {
  const all = shippedMappings(root);
  const names = all.map((m) => `[\`${m.name}\`](mappings/${m.name}/README.md)`).join(', ');
  return `${all.length} shipped mappings, used by name (\`--mapping loyverse-items\`): ${names}.`;
}
