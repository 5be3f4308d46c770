import { readFileSync } from 'node:fs';
import path from 'node:path';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { ExitCode, inCallersWords, MenusyncError, UsageError } from '../errors.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { commands } from './commands/index.js';
import { ignoreClosedPipes } from './closed-pipe.js';
import { createOutput } from './output.js';
import { redact, withSecrets } from '../secrets.js';
import type { CliContext } from './run-context.js';
import { FLAG_NAMES } from './setting-flags.js';

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Runs the CLI; resolves to the exit code instead of exiting, so tests and the demo can call it.
 * `context` reaches the commands as arguments no flag can set (run-context.ts). Each call's code is
 * its own: commands set process.exitCode, so it is cleared before and put back after the call
 * (a second call never returns the first one's code). One call at a time in a process.
 */
export async function run(argv: string[], context: CliContext = {}): Promise<number> {
  const outer = process.exitCode;
  process.exitCode = undefined;
  try {
    // One run per call: the secrets it learns are its own (secrets.ts).
    return await withSecrets(() => runCommand(argv, context));
  } finally {
    process.exitCode = outer;
  }
}

/**
 * The command line as yargs reads it: every command of the registry, the global options, the
 * wording of usage errors. scripts/docs/cli-reference.mjs renders docs/cli.md from it.
 */
export function cliParser(argv: string[]): Argv {
  let cli = yargs(argv)
    .scriptName('menusync')
    .usage('$0 <command> [options]\n\nSync restaurant menus from POS exports into the ordering platform.')
    .version(packageVersion())
    .option('debug', { type: 'boolean', default: false, describe: 'Show stack traces of unexpected errors' })
    .strict()
    .demandCommand(1, 'name a command: see menusync --help')
    .recommendCommands()
    .wrap(Math.min(110, process.stdout.columns || 110))
    .exitProcess(false)
    .fail((message, error) => {
      throw error ?? new UsageError(message);
    });
  for (const command of commands) cli = cli.command(command);
  return cli;
}

async function runCommand(argv: string[], context: CliContext): Promise<number> {
  const debug = argv.includes('--debug');
  const cli = cliParser(argv);

  try {
    await cli.parseAsync(argv, context);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    return reportError(error, debug);
  }
}

/** The one top-level catch: one clear line per error, the stack only with --debug. */
export function reportError(failure: unknown, debug: boolean): number {
  const out = createOutput({ debug });
  // An error made where the core knew no caller names its settings as the library does: as flags here.
  const error = inCallersWords(failure, FLAG_NAMES);
  if (error instanceof MenusyncError) {
    out.error(`error: ${error.message}`);
    if (error.hint) out.error(`hint: ${error.hint}`);
    if (debug && error.stack) out.debug(redact(error.stack));
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  out.error(`unexpected error: ${message}`);
  if (debug && error instanceof Error && error.stack) out.debug(redact(error.stack));
  else out.error('run again with --debug for details');
  return ExitCode.failure;
}

/** Entry point of the `menusync` binary (bin/menusync.js). */
export function main(): void {
  const output = ignoreClosedPipes();
  run(hideBin(process.argv)).then(
    (code) => {
      // Output that could not be written (a full disk, not a closed pipe) is not a success.
      process.exitCode = output.writeFailed() && code === ExitCode.ok ? ExitCode.failure : code;
    },
    (error: unknown) => {
      process.exitCode = reportError(error, process.argv.includes('--debug'));
    },
  );
}
