import { DEFAULT_MONEY_RULES, type MoneyRules } from '../../model/money.js';
import type { TransformStep } from '../value-schema.js';
import type { CompiledTransform } from './types.js';
import { compileBoolean } from './boolean.js';
import { compileCategoryPath } from './category-path.js';
import { compileLookup } from './lookup.js';
import { compileMoney } from './money.js';
import { slugTransform } from './slug.js';
import {
  compileDefault,
  compileNullIf,
  compileReplace,
  compileSplit,
  htmlToTextTransform,
  lower,
  trim,
  upper,
} from './text.js';

export { parseMoneyText, compileMoney } from './money.js';
export { compileBoolean, TRUE_WORDS, FALSE_WORDS } from './boolean.js';
export { htmlToText } from './text.js';
export { compileLookup } from './lookup.js';
export { flattenCategoryPath, splitCategoryPath, compileCategoryPath } from './category-path.js';
export { slugify } from './slug.js';
export * from './template.js';

const identity: CompiledTransform = (value) => value;

function compileStep(step: TransformStep, money: MoneyRules): CompiledTransform {
  if (typeof step === 'string') {
    switch (step) {
      case 'trim':
        return trim;
      case 'lower':
        return lower;
      case 'upper':
        return upper;
      case 'slug':
        return slugTransform;
      case 'money':
        return compileMoney({}, money);
      case 'boolean':
        return compileBoolean();
      case 'html_to_text':
        return htmlToTextTransform;
      case 'category_path':
        return compileCategoryPath();
    }
  }
  if ('money' in step) return compileMoney(step.money, money);
  if ('boolean' in step) return compileBoolean(step.boolean);
  if ('lookup' in step) return compileLookup(step.lookup);
  if ('category_path' in step) return compileCategoryPath(step.category_path);
  if ('split' in step) return compileSplit(step.split);
  if ('replace' in step) return compileReplace(step.replace);
  if ('default' in step) return compileDefault(step.default);
  return compileNullIf(step.null_if);
}

/**
 * Compiles a transform chain once; steps run left to right and each sees null too (so `default`
 * works). `money`: the mapping's currency, for the `money` steps.
 */
export function compileTransforms(
  steps: readonly TransformStep[] | undefined,
  money: MoneyRules = DEFAULT_MONEY_RULES,
): CompiledTransform {
  if (!steps || steps.length === 0) return identity;
  const compiled = steps.map((step) => compileStep(step, money));
  if (compiled.length === 1) return compiled[0] as CompiledTransform;
  return (value, sink) => {
    let v = value;
    for (const step of compiled) v = step(v, sink);
    return v;
  };
}
