import { load } from 'js-yaml';
import { parseJsonWithoutDuplicates } from './json-fast-path.js';
import { RESERVED_KEY } from '../model/named-record.js';

/**
 * A YAML (or JSON) file's data read the fast way, or undefined where only the `yaml` way may read
 * it. `yaml` keeps every node's position, which a problem's file:line needs, and costs for it: a
 * 10,000-target config (900 KB) took 0.5–1 s, js-yaml 0.1 s. So a file is read with JSON.parse
 * or js-yaml first, and the caller goes the `yaml` way (yamlToData) when this says undefined or
 * the data does not validate; that way also words every error.
 *
 * Undefined wherever the two could read a file differently: any alias (yamlToData caps how far
 * they expand), a repeated key, an unknown tag, several documents, an empty file (js-yaml refuses
 * all of these), a `__proto__` key (yamlToData refuses it with its line), and a key `null`
 * (js-yaml names a null key `null`, `yaml` names it ``).
 */
export function readYamlFast(text: string): { value: unknown } | undefined {
  const json = parseJsonWithoutDuplicates(text);
  if (json) return hasSpecialKey(json.value) ? undefined : json;
  let value: unknown;
  try {
    // CORE_SCHEMA, js-yaml's default, is YAML 1.2's core schema, as `yaml` reads by default.
    value = load(text, { maxAliases: 0, json: false });
  } catch {
    return undefined;
  }
  return hasSpecialKey(value) ? undefined : { value };
}

/** Whether parsed data holds `__proto__` or `null` as a key anywhere. */
function hasSpecialKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (!Array.isArray(next) && (Object.hasOwn(next, RESERVED_KEY) || Object.hasOwn(next, 'null')))
      return true;
    for (const child of Object.values(next)) pending.push(child);
  }
  return false;
}
