import { plan } from '../../src/plan/index.js';
import type { Plan } from '../../src/plan/index.js';
import type { RunReport } from '../../src/report/index.js';
import { cafeMenu } from '../plan/menus.js';

export function reportOf(result: Plan, extra: Partial<RunReport> = {}): RunReport {
  return {
    formatVersion: 1,
    command: 'plan',
    target: { name: 'downtown', posUid: 'main' },
    plan: result,
    mode: result.mode,
    reason: result.reason,
    counts: result.counts,
    blocked: result.blocked,
    blockedBy: result.blockedBy ?? [],
    outcome: result.blocked ? 'blocked' : 'planned',
    applied: false,
    verified: null,
    attempts: 0,
    errors: [],
    errorDetails: [],
    ...extra,
  };
}

/** A small plan touching every level: a price rise and fall, an added product, removed option values. */
export function samplePlan(): Plan {
  const desired = cafeMenu();
  desired.products[0]!.price = 4.2; // down
  desired.products[1]!.options![0]!.option_values![1]!.price_operand = 0.6; // up
  desired.products.push({ ext_id: 'P4', category_ext_id: 'C2', name: 'Muffin', price: 2.5 });
  desired.categories[0]!.options![0]!.option_values = [];
  desired.categories[1]!.name = 'Cakes & Pies';
  return plan(desired, cafeMenu(), { posUid: 'main' });
}
