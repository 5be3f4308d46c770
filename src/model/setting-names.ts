import { withWords, type CallerNames, type MenusyncError } from '../errors.js';

/**
 * The settings of a run that a message may have to name, in domain spelling. The core words
 * "allow it with X 267" or "X must be a whole number" with the caller's name for X: the CLI
 * passes its flags (cli/setting-flags.ts), the library its option names. The core itself spells
 * no flag (test/config/no-flag-keys.test.ts).
 */
export const SETTING_NAMES = [
  'configFile',
  'target',
  'mapping',
  'inputs',
  'params',
  'posUid',
  'mode',
  'allowDeletes',
  'allowHiding',
  'allowPriceChanges',
  'allowErosion',
  'erosionDays',
  'allowEmpty',
  'baseUrl',
  'clientId',
  'clientSecret',
  'maxAttempts',
  'maxRetryTime',
  'timeout',
  'maxPayloadBytes',
  'keepRuns',
  'maxInputBytes',
  'maxInflatedBytes',
  'maxSharedStrings',
  'maxCells',
  'maxCellChars',
  'offline',
  'savedPlan',
  'encoding',
  'state',
  'protect',
  'auth',
  'allowRemovals',
] as const;

export type SettingName = (typeof SETTING_NAMES)[number];

/** How a caller spells each setting in its messages. */
export type SettingNames = Readonly<Record<SettingName, string>>;

/** The settings a refused plan's messages advise (plan/types.ts GuardAllowance), as the caller spells them. */
export type GuardNames = Pick<
  SettingNames,
  'allowDeletes' | 'allowHiding' | 'allowPriceChanges' | 'allowErosion' | 'allowEmpty' | 'mode'
>;

/** The settings as the library's options name them (the default wording of the core). */
export const OPTION_NAMES: SettingNames = {
  configFile: 'configFile',
  target: 'target.name',
  mapping: 'mapping',
  inputs: 'inputs',
  params: 'params',
  posUid: 'target.posUid',
  mode: 'mode',
  allowDeletes: 'guards.allowDeletes',
  allowHiding: 'guards.allowHiding',
  allowPriceChanges: 'guards.allowPriceChanges',
  allowErosion: 'guards.allowErosion',
  erosionDays: 'guards.erosionDays',
  allowEmpty: 'guards.allowEmpty',
  baseUrl: 'target.baseUrl',
  clientId: 'target.clientId',
  clientSecret: 'target.clientSecret',
  maxAttempts: 'target.maxAttempts',
  maxRetryTime: 'target.maxRetryTimeSeconds',
  timeout: 'target.timeoutSeconds',
  maxPayloadBytes: 'maxPayloadBytes',
  keepRuns: 'keepRuns',
  maxInputBytes: 'limits.maxInputBytes',
  maxInflatedBytes: 'limits.maxInflatedBytes',
  maxSharedStrings: 'limits.maxSharedStrings',
  maxCells: 'limits.maxCells',
  maxCellChars: 'limits.maxCellChars',
  offline: 'offline',
  savedPlan: 'savedPlan',
  encoding: 'encoding',
  state: 'state',
  protect: 'guards.protect',
  auth: 'target.auth',
  allowRemovals: 'allowRemovals',
};

/** What the extractors name in their messages: the encoding override and the input limits. */
export type ReadNames = Pick<
  SettingNames,
  'encoding' | 'maxInputBytes' | 'maxInflatedBytes' | 'maxSharedStrings' | 'maxCells' | 'maxCellChars'
>;

/** What an error says, in a caller's words. */
export interface ErrorWords {
  message: string;
  hint?: string;
}

/**
 * `make` with the library's names, carrying `words` so that the caller's names replace them where
 * the caller is known (errors.ts inCallersWords): for errors made where it is not.
 */
export function namingSettings<E extends MenusyncError>(
  make: (words: ErrorWords) => E,
  words: (names: SettingNames) => ErrorWords,
): E {
  // Every caller's names are a SettingNames (the CLI's FLAG_NAMES, the library's OPTION_NAMES).
  return withWords(make(words(OPTION_NAMES)), (names: CallerNames) => words(names as SettingNames));
}
