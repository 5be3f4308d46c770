import type { CommandModule } from 'yargs';
import { schemaCommand } from './schema.js';
import { sandboxCommand } from './sandbox.js';
import { remoteCommand } from './remote-categories.js';
import { initCommand } from './init.js';
import { planCommand } from './plan.js';
import { applyCommand } from './apply.js';
import { demoCommand } from './demo.js';
import { extractCommand } from './extract.js';
import { validateCommand } from './validate.js';
import { historyCommand } from './history.js';
import { rollbackCommand } from './rollback.js';
import { stateCommand } from './state.js';
import { workerCommand } from './worker.js';
import { fleetCommand } from './fleet.js';
import { reportCommand } from './report.js';
import { configCommand } from './config.js';
import { serveCommand } from './serve.js';

// One file per command; each command registers here with one line.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- yargs command modules differ in their argument types
export const commands: CommandModule<any, any>[] = [
  schemaCommand,
  sandboxCommand,
  remoteCommand,
  initCommand,
  planCommand,
  applyCommand,
  demoCommand,
  extractCommand,
  validateCommand,
  historyCommand,
  rollbackCommand,
  stateCommand,
  workerCommand,
  fleetCommand,
  reportCommand,
  configCommand,
  serveCommand,
];
