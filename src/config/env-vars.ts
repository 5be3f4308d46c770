/** A `${NAME}` in a config value whose variable is not set, at the config path of that value. */
export interface MissingVariable {
  at: string[];
  name: string;
}

/** A value that came from the environment: messages show `written`, never `value` (it may be a secret). */
export interface ExpandedValue {
  value: string;
  written: string;
  /** Where in the config it is (`targets.shop.schedule`). */
  at: string;
  /** Each variable's own value within it (`${DIR}/menu.csv` has DIR's), shown as `${NAME}` too. */
  parts: { name: string; value: string }[];
}

export interface ExpandedConfig {
  value: unknown;
  missing: MissingVariable[];
  expanded: ExpandedValue[];
}

/** Whether any string of the data holds `${`. */
function holdsReference(data: unknown): boolean {
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('${')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const item of Object.values(next)) pending.push(item);
    }
  }
  return false;
}

// `$${NAME}` is a literal `${NAME}`; names are those a shell accepts.
const REFERENCE = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces `${NAME}` in every string value of the parsed config (keys stay as written) with the
 * environment's value. Every unset variable is collected, not only the first.
 */
export function expandEnvVariables(data: unknown, env: NodeJS.ProcessEnv): ExpandedConfig {
  // Most configs name no variable: looked for without copying a 10,000-target config.
  if (!holdsReference(data)) return { value: data, missing: [], expanded: [] };
  const missing: MissingVariable[] = [];
  const expanded: ExpandedValue[] = [];
  const walk = (value: unknown, at: string[]): unknown => {
    if (typeof value === 'string') {
      if (!value.includes('${')) return value;
      const parts: ExpandedValue['parts'] = [];
      const result = value.replace(REFERENCE, (whole, escaped: string, name: string) => {
        if (escaped) return whole.slice(1);
        // `${constructor}` is an unset variable, not a property every object has.
        const found = Object.hasOwn(env, name) ? env[name] : undefined;
        if (found === undefined) {
          missing.push({ at, name });
          return whole;
        }
        parts.push({ name, value: found });
        return found;
      });
      if (result !== value) expanded.push({ value: result, written: value, at: at.join('.'), parts });
      return result;
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...at, String(i)]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...at, key])]));
    return value;
  };
  return { value: walk(data, []), missing, expanded };
}

/** A part shorter than this is left in messages: hiding every "1" or "en" would garble them. */
const SHORTEST_HIDDEN_PART = 3;

/**
 * `message` with every expanded value shown as written (`${NAME}`), longest first, then each
 * variable's own value as `${NAME}` (so a path made absolute, or a value inside a longer text,
 * shows its variable too).
 */
export function hideExpanded(message: string, expanded: readonly ExpandedValue[]): string {
  const pairs = [
    ...expanded.filter((e) => e.value.length > 0).map(({ value, written }) => ({ value, written })),
    ...expanded.flatMap((e) =>
      e.parts
        .filter((part) => part.value.length >= SHORTEST_HIDDEN_PART)
        .map((part) => ({ value: part.value, written: `\${${part.name}}` })),
    ),
  ];
  // Longest first, so a value is not half replaced by a shorter one inside it.
  pairs.sort((a, b) => b.value.length - a.value.length);
  let text = message;
  for (const { value, written } of pairs) text = text.split(value).join(written);
  return text;
}

/**
 * Whether `message` quotes a piece (3 characters or more) of a variable's value: a library's
 * message about a value ("got value: envsecret-9Q7" for one field of a cron expression) quotes a
 * part of it that hideExpanded cannot recognize.
 */
export function quotesExpanded(message: string, value: ExpandedValue): boolean {
  for (const part of value.parts) {
    for (let at = 0; at + SHORTEST_HIDDEN_PART <= part.value.length; at++) {
      if (message.includes(part.value.slice(at, at + SHORTEST_HIDDEN_PART))) return true;
    }
  }
  return false;
}

/** Every value expanded so far in this process, for messages printed after the config was read. */
const expandedSoFar = new Map<string, ExpandedValue>();

export function rememberExpanded(expanded: readonly ExpandedValue[]): void {
  for (const value of expanded) expandedSoFar.set(value.written + '\0' + value.value, value);
}

/** hideExpanded with every value any config of this process expanded: for the CLI's messages. */
export function hideExpandedSoFar(message: string): string {
  return expandedSoFar.size === 0 ? message : hideExpanded(message, [...expandedSoFar.values()]);
}
