import { DEFAULT_STATE_DIR } from '../state/target.js';

/** The help of `state list --state`: which state is read when it is not given (state-spec.ts). */
export const STATE_OPTION_TEXT = `State folder or postgres://USER@HOST:PORT/DB[?schema=NAME] (env MENUSYNC_STATE; default that of the config file, else ${DEFAULT_STATE_DIR}/)`;
