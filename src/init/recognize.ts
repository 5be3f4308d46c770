import type { DocumentFormat, HeaderRule, TableFormat } from './known-formats.js';
import { withoutPrototype } from '../model/named-record.js';

export interface TableRecognition {
  kind: 'table';
  format: TableFormat;
  /** Parameter values read from the headers, e.g. { store: 'Chillo' }. */
  params: Record<string, string>;
  /** Every value each parameter could take (e.g. both stores of a two-store export). */
  choices: Record<string, string[]>;
}

export interface DocumentRecognition {
  kind: 'document';
  format: DocumentFormat;
}

export type Recognition = TableRecognition | DocumentRecognition;

const normalize = (header: string) => header.trim().toLowerCase();

function ruleMatches(rule: HeaderRule, headers: readonly string[]): boolean {
  if (typeof rule === 'string') return headers.some((h) => normalize(h) === normalize(rule));
  return headers.some((h) => rule.test(h.trim()));
}

/** The known format whose required headers are all present; the most specific one wins. */
export function recognizeHeaders(
  headers: readonly string[],
  formats: readonly TableFormat[],
): TableRecognition | undefined {
  let best: TableFormat | undefined;
  for (const format of formats) {
    if (!format.requires.every((rule) => ruleMatches(rule, headers))) continue;
    if (!best || format.requires.length > best.requires.length) best = format;
  }
  if (!best) return undefined;
  const params = withoutPrototype<string>({});
  const choices = withoutPrototype<string[]>({});
  for (const [name, pattern] of Object.entries(best.params ?? {})) {
    const values = headers.map((h) => pattern.capture(h.trim())).filter((v): v is string => v !== undefined);
    const first = values[0];
    if (first === undefined) continue;
    params[name] = first;
    choices[name] = [...new Set(values)];
  }
  return { kind: 'table', format: best, params, choices };
}

/** The known JSON format whose shape the document has; the one with the most conditions wins. */
export function recognizeDocument(
  document: unknown,
  formats: readonly DocumentFormat[],
): DocumentRecognition | undefined {
  let best: DocumentFormat | undefined;
  for (const format of formats) {
    if (!format.matches(document)) continue;
    if (!best || format.conditions > best.conditions) best = format;
  }
  return best ? { kind: 'document', format: best } : undefined;
}
