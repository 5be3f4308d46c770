/**
 * What long work tells as it goes. The stages emit these through a callback they are given (the
 * core never writes to the terminal); src/cli/progress.ts shows them on a terminal.
 */
export type ProgressEvent =
  /** Rows read so far from one input (a batch at a time); `bytes` is the file's size when known. */
  | { kind: 'rows'; file: string; rows: number; bytes?: number }
  /** The input is read through. */
  | { kind: 'rows-done'; file: string; rows: number }
  /** The process waits on the platform: an import request, or the read-back. */
  | { kind: 'wait'; what: string }
  | { kind: 'wait-done' }
  /**
   * A failed request is retried after `delayMs` (its countdown). Nothing emits it yet: the
   * platform client's retry callback can forward to it.
   */
  | { kind: 'retry'; attempt: number; delayMs: number; reason?: string };

export type ProgressSink = (event: ProgressEvent) => void;
