import { compileValue, type CompileTransforms, type ValueEnv } from './compile-value.js';
import type { DocValue } from './schema.js';
import type { Scope } from './select-path.js';

// An entity's ext_id is any value (a template, a path, a value read through a lookup), rendered as
// trimmed text: Toast's option ext_id is the guid of the record an option's numeric id points to.

export interface CompiledExtId {
  /** The spec as written, for messages. */
  source: string;
  /** The ext_id, '' when the value is empty. */
  render(scope: Scope, env: ValueEnv): string;
}

export function compileExtId(spec: DocValue, transforms: CompileTransforms): CompiledExtId {
  const read = compileValue(spec, transforms);
  return {
    source: typeof spec === 'string' ? spec : JSON.stringify(spec),
    render: (scope, env) => {
      const value = read(scope, env);
      return value === null ? '' : String(value).trim();
    },
  };
}
