/** A `${NAME}` in a config value whose variable is not set, at the config path of that value. */
export interface MissingVariable {
  at: string[];
  name: string;
}

/** A value that came from the environment: messages show `written`, never `value` (it may be a secret). */
export interface ExpandedValue {
  value: string;
  written: string;
}

export interface ExpandedConfig {
  value: unknown;
  missing: MissingVariable[];
  expanded: ExpandedValue[];
}

// `$${NAME}` is a literal `${NAME}`; names are those a shell accepts.
const REFERENCE = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces `${NAME}` in every string value of the parsed config (keys stay as written) with the
 * environment's value. Every unset variable is collected, not only the first.
 */
export function expandEnvVariables(data: unknown, env: NodeJS.ProcessEnv): ExpandedConfig {
  const missing: MissingVariable[] = [];
  const expanded: ExpandedValue[] = [];
  const walk = (value: unknown, at: string[]): unknown => {
    if (typeof value === 'string') {
      if (!value.includes('${')) return value;
      const result = value.replace(REFERENCE, (whole, escaped: string, name: string) => {
        if (escaped) return whole.slice(1);
        // `${constructor}` is an unset variable, not a property every object has.
        const found = Object.hasOwn(env, name) ? env[name] : undefined;
        if (found === undefined) {
          missing.push({ at, name });
          return whole;
        }
        return found;
      });
      if (result !== value) expanded.push({ value: result, written: value });
      return result;
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...at, String(i)]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...at, key])]));
    return value;
  };
  return { value: walk(data, []), missing, expanded };
}

/** `message` with every expanded value shown as written (`${NAME}`), longest first. */
export function hideExpanded(message: string, expanded: readonly ExpandedValue[]): string {
  let text = message;
  const longestFirst = [...expanded]
    .filter((e) => e.value.length > 0)
    .sort((a, b) => b.value.length - a.value.length);
  for (const { value, written } of longestFirst) text = text.split(value).join(written);
  return text;
}
