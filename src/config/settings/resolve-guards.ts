import { UsageError } from '../../errors.js';
import type { SettingNames } from '../../model/setting-names.js';
import type { Allowance } from '../../plan/limit.js';
import type { GuardOptions } from '../../plan/types.js';
import { checkNumber, NUMBER_RANGES } from '../number-ranges.js';
import type { TargetGuards } from '../schema.js';
import type { GivenAllowance, GivenGuards } from './types.js';

type AllowanceName = 'allowDeletes' | 'allowHiding' | 'allowPriceChanges' | 'allowErosion';

const CONFIG_KEYS: Readonly<Record<AllowanceName, keyof TargetGuards>> = {
  allowDeletes: 'allow_deletes',
  allowHiding: 'allow_hiding',
  allowPriceChanges: 'allow_price_changes',
  allowErosion: 'allow_erosion',
};

/** The guards given over the config target's `guards:` keys, each parsed and checked once. */
export function resolveGuards(given: GivenGuards, config: TargetGuards, names: SettingNames): GuardOptions {
  const protect = [...(config.protect ?? []), ...(given.protect ?? [])];
  const allowEmpty = given.allowEmpty ?? config.allow_empty;
  const erosionDays = given.erosionDays ?? config.erosion_days;
  if (erosionDays !== undefined) checkNumber(names.erosionDays, erosionDays, NUMBER_RANGES.erosionDays);
  const guards: GuardOptions = {};
  for (const name of Object.keys(CONFIG_KEYS) as AllowanceName[]) {
    const value = given[name] ?? (config[CONFIG_KEYS[name]] as GivenAllowance | undefined);
    if (value !== undefined) guards[name] = parseAllowance(value, names[name]);
  }
  return {
    ...guards,
    ...(allowEmpty !== undefined ? { allowEmpty } : {}),
    ...(erosionDays !== undefined ? { erosionDays } : {}),
    ...(protect.length > 0 ? { protect } : {}),
  };
}

/** "12" -> {count: 12}; "15%" -> {percent: 15}; errors name the setting as the caller spells it. */
export function parseAllowance(value: GivenAllowance, name: string): Allowance {
  const text = String(value).trim();
  const match = /^(\d+(?:\.\d+)?)(%?)$/.exec(text);
  if (!match) throw new UsageError(`${name} must be a count like 12 or a share like 15%, got "${text}"`);
  const n = Number(match[1]);
  if (match[2] === '%') {
    if (n > 100) throw new UsageError(`${name} ${text} is more than 100%`);
    return { percent: n };
  }
  if (!Number.isInteger(n)) throw new UsageError(`${name} count must be a whole number, got "${text}"`);
  return { count: n };
}
