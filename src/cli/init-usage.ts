import type { StarterUsage } from '../init/starter-usage.js';
import { FLAG_NAMES } from './setting-flags.js';

/** How a starter written by `menusync init` says to run it: with this command line's flags. */
export const INIT_USAGE: StarterUsage = {
  tryIt: (input) => `menusync extract ${FLAG_NAMES.mapping} <this file> ${FLAG_NAMES.inputs} ${input}`,
  shipped: (mapping, params) =>
    `${FLAG_NAMES.mapping} ${mapping}${Object.entries(params)
      .map(([key, value]) => ` ${FLAG_NAMES.params} ${key}=${JSON.stringify(value)}`)
      .join('')}`,
};
