import { ExitCode } from '../errors.js';

/**
 * `menusync validate … 2>&1 | head -2`: once `head` has what it wants it closes the pipe, and the
 * next write fails with EPIPE. Node reports that as an 'error' event on the stream, which with no
 * listener is an uncaught exception: exit 1 and a stack trace, whatever the command found. A
 * reader that stops reading is not a failure of the run, so EPIPE on stdout or stderr is ignored
 * (what is still written is dropped) and the command keeps the exit code it would have had.
 * Any other write error (ENOSPC on `extract > menu.json`) is real: the returned check says so,
 * and the run must then not exit 0.
 */
export function ignoreClosedPipes(
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
): { writeFailed: () => boolean } {
  let failed = false;
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') return;
      failed = true;
      if (stream !== process.stderr) process.stderr.write(`error: cannot write the output: ${error.code}\n`);
      // The run may have ended already (the write error comes a tick after the write).
      if (!process.exitCode) process.exitCode = ExitCode.failure;
    });
  }
  return { writeFailed: () => failed };
}
