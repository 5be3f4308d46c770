import { runDemo } from '../../demo/run-demo.js';
import { createOutput } from '../output.js';

export interface DemoArgs {
  keep?: boolean;
}

/** The demo, its output on this process. */
export async function runDemoCommand(args: DemoArgs): Promise<void> {
  await runDemo(createOutput(), { keep: args.keep === true, keepOption: '--keep' });
}
