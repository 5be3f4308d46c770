import type { CommandModule } from 'yargs';
import type { DemoArgs } from '../handlers/demo.js';

/** What `npm start` runs: two applies against an in-process sandbox, in a few seconds. */
export const demoCommand: CommandModule<object, DemoArgs> = {
  command: 'demo',
  describe: 'Run the example: apply two versions of a bundled menu to an in-process sandbox',
  builder: (yargs) =>
    yargs.option('keep', {
      type: 'boolean',
      describe: 'Keep the temporary state folder (snapshots, run history, HTML reports) after the demo',
    }),
  handler: async (args) => (await import('../handlers/demo.js')).runDemoCommand(args),
};
