/**
 * Crash-safety tests kill a real child process at named points of an apply. When
 * MENUSYNC_TEST_PAUSE_AT names the point reached, the process prints a marker to stderr and waits
 * (forever) so the test can SIGKILL it exactly there. Unset in normal use: then this is a no-op.
 */
export type PausePoint = 'before-send' | 'before-rename' | 'after-snapshot';

export const PAUSE_MARKER = 'MENUSYNC_PAUSED_AT';

export async function pauseAt(point: PausePoint, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.MENUSYNC_TEST_PAUSE_AT !== point) return;
  process.stderr.write(`${PAUSE_MARKER}=${point}\n`);
  // The interval keeps the event loop alive; the promise never settles.
  await new Promise<never>(() => setInterval(() => undefined, 60_000));
}
