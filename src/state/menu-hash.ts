/**
 * The snapshot hash is the plan stage's menu hash (one algorithm, src/plan/canonical-json.ts).
 * `hashJson` stays as its name in the state API: saved snapshots and tests refer to it.
 */
export { hashMenu as hashJson } from '../plan/canonical-json.js';
