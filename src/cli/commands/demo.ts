import type { CommandModule } from 'yargs';
import { runDemo } from '../../demo/run-demo.js';
import { createOutput } from '../output.js';

/** What `npm start` runs: two applies against an in-process sandbox, in a few seconds. */
export const demoCommand: CommandModule<object, object> = {
  command: 'demo',
  describe: 'Run the example: apply two versions of a bundled menu to an in-process sandbox',
  handler: async () => {
    await runDemo(createOutput());
  },
};
