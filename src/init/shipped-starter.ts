import { isMap, isScalar, parseDocument } from 'yaml';
import type { Recognition } from './recognize.js';

export interface StarterContext {
  /** The input file as the user named it, quoted in the header comment. */
  input: string;
  /** Path to mapping.schema.json as the written file should reference it. */
  schemaRef: string;
}

/**
 * A starter mapping for a recognized export: a copy of the shipped mapping (comments kept) with the
 * parameters detected from the headers written in as defaults. A copy rather than a reference, so
 * the user can edit any rule; the header comment says how to follow the shipped one instead.
 */
export function shippedStarter(
  recognition: Recognition,
  shippedYaml: string,
  context: StarterContext,
): string {
  const doc = parseDocument(shippedYaml);
  const params = recognition.kind === 'table' ? recognition.params : {};
  const parameters = doc.get('parameters');
  for (const [name, value] of Object.entries(params)) {
    if (isMap(parameters) && isMap(parameters.get(name))) doc.setIn(['parameters', name, 'default'], value);
  }
  // Fixture paths are relative to the menusync repository and mean nothing next to the user's file.
  doc.delete('fixtures');
  const schemaNode = doc.get('$schema', true);
  if (isScalar(schemaNode)) doc.set('$schema', context.schemaRef);

  const name = recognition.format.mapping;
  const paramFlags = Object.entries(params)
    .map(([key, value]) => ` --param ${key}=${JSON.stringify(value)}`)
    .join('');
  const notes = [
    ` yaml-language-server: $schema=${context.schemaRef}`,
    ``,
    ` Written by \`menusync init\` for ${context.input}`,
    ` Recognized: ${recognition.format.label}. This is a copy of the shipped mapping "${name}".`,
    ...Object.entries(params).map(
      ([key, value]) => ` Detected ${key} = ${JSON.stringify(value)}${choicesNote(recognition, key)}`,
    ),
    ` To follow the shipped mapping instead of this copy: --mapping ${name}${paramFlags}`,
    ``,
  ];
  const original = stripSchemaComment(doc.commentBefore ?? '');
  doc.commentBefore = [...notes, ...(original ? [original] : [])].join('\n');
  return doc.toString({ lineWidth: 0 });
}

function choicesNote(recognition: Recognition, key: string): string {
  if (recognition.kind !== 'table') return '';
  const others = (recognition.choices[key] ?? []).filter((v) => v !== recognition.params[key]);
  return others.length > 0 ? ` (also in the file: ${others.map((v) => JSON.stringify(v)).join(', ')})` : '';
}

function stripSchemaComment(comment: string): string {
  return comment
    .split('\n')
    .filter((line) => !line.includes('yaml-language-server:'))
    .join('\n')
    .replace(/^\n+/, '');
}
