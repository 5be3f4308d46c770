import { createRequire } from 'node:module';
import type * as CliProgress from 'cli-progress';
import type { ProgressEvent, ProgressSink } from '../progress.js';

/** Work shorter than this shows nothing: progress is for runs that make a person wonder. */
export const PROGRESS_AFTER_MS = 1000;

export interface ProgressOptions {
  /** Where the line goes: stderr, so stdout stays data. */
  stream?: NodeJS.WriteStream;
  quiet?: boolean;
  json?: boolean;
  now?: () => number;
}

export interface Progress {
  /** Undefined when progress is off: the stages then skip watching altogether. */
  sink: ProgressSink | undefined;
  /** Clears the line for good; call before the command prints its result. */
  stop(): void;
  /**
   * Runs `write` (a message line on stderr, say a retry's notice) with the progress line cleared
   * first and drawn again after, so neither tears the other.
   */
  aside(write: () => void): void;
}

/** Only on a terminal, never with --quiet or --json (cron and scripts read those). */
export function progressEnabled(options: ProgressOptions): boolean {
  const stream = options.stream ?? process.stderr;
  return stream.isTTY === true && options.quiet !== true && options.json !== true;
}

// cli-progress draws only on a terminal: a run whose stderr is a file or a pipe (cron, scripts)
// never loads it.
const require = createRequire(import.meta.url);

const NO_PROGRESS: Progress = { sink: undefined, stop: () => undefined, aside: (write) => write() };

/**
 * One self-rewriting line on stderr, drawn by cli-progress (cursor, clearing, width, redraw
 * throttling), with our own text: rows read and their rate, the wait on the platform with its
 * seconds, a retry's countdown. The line appears once an activity has run for PROGRESS_AFTER_MS
 * and is cleared when it ends, so what stays on the screen is only what the command prints.
 */
export function createProgress(options: ProgressOptions = {}): Progress {
  if (!progressEnabled(options)) return NO_PROGRESS;
  const now = options.now ?? Date.now;
  const line = new ProgressLine();
  const { SingleBar } = require('cli-progress') as typeof CliProgress;
  const bar = new SingleBar({
    stream: options.stream ?? process.stderr,
    format: () => line.text(now()),
    // A busy event loop (a CSV read chunk after chunk) starves the redraw timer: draw on update.
    synchronousUpdate: true,
    clearOnComplete: true,
    hideCursor: false,
    gracefulExit: false,
    fps: 8,
  });
  let shown = false;
  let timer: NodeJS.Timeout | undefined;
  const cancelTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const hide = () => {
    cancelTimer();
    if (shown) bar.stop();
    shown = false;
  };
  const show = () => {
    timer = undefined;
    if (!shown && line.active()) {
      bar.start(1, 0);
      shown = true;
    }
  };
  return {
    sink: (event) => {
      const taken = line.take(event, now());
      if (taken === 'ended') return hide();
      if (shown) return bar.update(0);
      if (taken === 'new') cancelTimer();
      // A wait gets no events while it lasts: a timer shows it (the event loop is idle then).
      // Rows keep the loop busy: their own events show the line once it has run long enough.
      if (line.age(now()) >= PROGRESS_AFTER_MS) show();
      else timer ??= setTimeout(show, PROGRESS_AFTER_MS - line.age(now())).unref();
    },
    stop: () => {
      line.take({ kind: 'wait-done' }, now());
      hide();
    },
    aside: (write) => {
      if (!shown) return write();
      bar.stop();
      write();
      bar.start(1, 0);
    },
  };
}

/** The text of the line from the events so far; pure but for the times it is given. */
export class ProgressLine {
  private event: ProgressEvent | undefined;
  private since = 0;
  private retryAt = 0;

  /** Takes an event: it ends the current activity, starts a new one, or goes on with the same. */
  take(event: ProgressEvent, at: number): 'ended' | 'new' | 'same' {
    if (event.kind === 'rows-done' || event.kind === 'wait-done') {
      this.event = undefined;
      return 'ended';
    }
    const previous = this.event;
    const same =
      event.kind !== 'retry' &&
      previous?.kind === event.kind &&
      (event.kind !== 'rows' || (previous.kind === 'rows' && previous.file === event.file));
    if (!same) this.since = at;
    if (event.kind === 'retry') this.retryAt = at + event.delayMs;
    this.event = event;
    return same ? 'same' : 'new';
  }

  active(): boolean {
    return this.event !== undefined;
  }

  /** How long the current activity has run. */
  age(at: number): number {
    return this.event ? at - this.since : 0;
  }

  text(at: number): string {
    const event = this.event;
    if (!event) return '';
    const seconds = Math.max(0, at - this.since) / 1000;
    switch (event.kind) {
      case 'rows': {
        const rate = seconds > 0 ? ` (${formatCount(Math.round(event.rows / seconds))} rows/s)` : '';
        const size = event.bytes !== undefined ? ` (${formatBytes(event.bytes)})` : '';
        const rows = `${formatCount(event.rows)} ${event.rows === 1 ? 'row' : 'rows'}`;
        return `reading ${event.file}${size}: ${rows}${rate}`;
      }
      case 'wait':
        return `waiting for ${event.what}: ${Math.floor(seconds)} s`;
      case 'retry': {
        const left = Math.ceil((this.retryAt - at) / 1000);
        if (left <= 0) return `retry ${event.attempt}: waiting for the platform: ${Math.floor(-left)} s`;
        return `retry ${event.attempt}${event.reason ? ` after ${event.reason}` : ''} in ${left} s`;
      }
      default:
        return '';
    }
  }
}

const formatCount = (n: number): string => n.toLocaleString('en-US');

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
