import { OPTION_NAMES } from '../../model/setting-names.js';
import { UsageError } from '../../errors.js';
import type { Mapping } from '../schema.js';
import { parsePath } from './path-syntax.js';
import { asText, evaluatePath, type Scope } from './select-path.js';

/** Values listed in a one_of error before "and N more". */
const SHOWN = 10;

/**
 * Checks each given parameter that declares `one_of` against the values the document has: a menu id
 * with a typo otherwise selects nothing, and the run maps an empty menu without saying why.
 */
export function checkParameterValues(
  mapping: Pick<Mapping, 'name' | 'parameters'>,
  params: Readonly<Record<string, string>>,
  root: Scope,
  file: string,
  /** How the caller names the mapping parameters in messages. */
  paramsName: string = OPTION_NAMES.params,
): void {
  for (const [name, spec] of Object.entries(mapping.parameters ?? {})) {
    const given = params[name];
    if (spec.one_of === undefined || given === undefined) continue;
    const { select, also = [] } = spec.one_of;
    const found = select ? evaluatePath(parsePath(select), root, root).map((m) => asText(m.value)) : [];
    const allowed = [...new Set([...found.filter((v) => v !== ''), ...also])];
    if (allowed.includes(given)) continue;
    const shown = allowed.slice(0, SHOWN).join(', ');
    const more = allowed.length > SHOWN ? ` and ${allowed.length - SHOWN} more` : '';
    const what = select ? `a value ${file} has (${select})` : `one of ${also.join(', ')}`;
    throw new UsageError(`mapping "${mapping.name}": ${paramsName} ${name}=${given} is not ${what}`, {
      hint: allowed.length > 0 ? `use one of: ${shown}${more}` : `${file} has no ${select ?? ''}`,
    });
  }
}
