import { isMap, parseDocument } from 'yaml';
import type { Recognition } from './recognize.js';
import type { StarterUsage } from './starter-usage.js';

export interface StarterContext {
  /** The input file as the user named it, quoted in the header comment. */
  input: string;
  /** Path to mapping.schema.json as the written file should reference it. */
  schemaRef: string;
  usage?: StarterUsage;
}

const SCHEMA_COMMENT = /^# yaml-language-server: \$schema=.*\r?\n/;

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
  // The schema line is rewritten for where the copy will live; the rest of the comments are kept.
  const doc = parseDocument(shippedYaml.replace(SCHEMA_COMMENT, ''));
  const params = recognition.kind === 'table' ? recognition.params : {};
  for (const [name, value] of Object.entries(params)) {
    if (isMap(doc.getIn(['parameters', name]))) doc.setIn(['parameters', name, 'default'], value);
  }
  // Fixture paths are relative to the shipped mapping's folder and mean nothing next to the user's file.
  doc.delete('fixtures');
  if (doc.has('$schema')) doc.set('$schema', context.schemaRef);

  const name = recognition.format.mapping;
  const header = [
    `# yaml-language-server: $schema=${context.schemaRef}`,
    `#`,
    `# Written by \`menusync init\` for ${context.input}`,
    `# Recognized: ${recognition.format.label}. This is a copy of the shipped mapping "${name}".`,
    ...Object.entries(params).map(
      ([key, value]) => `# Detected ${key} = ${JSON.stringify(value)}${choicesNote(recognition, key)}`,
    ),
    ...(context.usage
      ? [`# To follow the shipped mapping instead of this copy: ${context.usage.shipped(name, params)}`]
      : []),
  ];
  const body = doc.toString({ lineWidth: 100, flowCollectionPadding: false });
  // The shipped header comment follows ours, after a bare `#` line if it does not start with one.
  const separator = body.startsWith('#\n') ? '' : '#\n';
  return `${header.join('\n')}\n${separator}${body}`;
}

function choicesNote(recognition: Recognition, key: string): string {
  if (recognition.kind !== 'table') return '';
  const others = (recognition.choices[key] ?? []).filter((v) => v !== recognition.params[key]);
  return others.length > 0 ? ` (also in the file: ${others.map((v) => JSON.stringify(v)).join(', ')})` : '';
}
