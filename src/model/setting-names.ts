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
};
