import { describe, expect, it } from 'vitest';
import { createProgress, ProgressLine } from '../../src/cli/progress.js';

/** Enough of a terminal stream for cli-progress: what is written is kept. */
function fakeTerminal(isTTY = true) {
  const stream = {
    isTTY,
    columns: 100,
    written: '',
    write: (chunk: string) => ((stream.written += chunk), true),
  };
  return stream;
}

describe('the progress line', () => {
  it('shows rows read with their rate and the file size once reading has taken a second', () => {
    const terminal = fakeTerminal();
    let clock = 10_000;
    const progress = createProgress({ stream: terminal as unknown as NodeJS.WriteStream, now: () => clock });
    expect(progress.sink).toBeDefined();
    progress.sink?.({ kind: 'rows', file: 'a.csv', rows: 1000, bytes: 2048 });
    clock += 500;
    progress.sink?.({ kind: 'rows', file: 'a.csv', rows: 2000, bytes: 2048 });
    expect(terminal.written).toBe('');
    clock += 1000;
    progress.sink?.({ kind: 'rows', file: 'a.csv', rows: 3000, bytes: 2048 });
    expect(terminal.written).toContain('reading a.csv (2.0 KB): 3,000 rows (2,000 rows/s)');
    const before = terminal.written.length;
    progress.sink?.({ kind: 'rows-done', file: 'a.csv', rows: 3000 });
    // Cleared: the line is erased (ESC[2K) rather than left or ended with a newline.
    expect(terminal.written.slice(before)).toContain('\u001b[2K');
    expect(terminal.written).not.toContain('\n');
    progress.stop();
  });

  it('clears the line for a message written beside it, and draws it again after', () => {
    const terminal = fakeTerminal();
    let clock = 0;
    const progress = createProgress({ stream: terminal as unknown as NodeJS.WriteStream, now: () => clock });
    progress.sink?.({ kind: 'wait', what: 'the platform to import the menu' });
    clock = 1500;
    progress.sink?.({ kind: 'wait', what: 'the platform to import the menu' });
    expect(terminal.written).toContain('waiting for the platform to import the menu: 1 s');
    const before = terminal.written.length;
    progress.aside(() => terminal.write('retry 1 of 3 after HTTP 503\n'));
    const after = terminal.written.slice(before);
    const message = after.indexOf('retry 1 of 3');
    expect(after.slice(0, message)).toContain('\u001b[2K');
    expect(after.slice(message)).toContain('waiting for the platform to import the menu: 1 s');
    progress.stop();
  });

  it('shows nothing for work shorter than a second', () => {
    const terminal = fakeTerminal();
    let clock = 0;
    const progress = createProgress({ stream: terminal as unknown as NodeJS.WriteStream, now: () => clock });
    progress.sink?.({ kind: 'rows', file: 'a.csv', rows: 10 });
    clock = 900;
    progress.sink?.({ kind: 'rows-done', file: 'a.csv', rows: 10 });
    progress.stop();
    expect(terminal.written).toBe('');
  });

  it.each([
    ['not a terminal', false, {}],
    ['--quiet', true, { quiet: true }],
    ['--json', true, { json: true }],
  ])('writes nothing with %s', (_name, isTTY, flags) => {
    const terminal = fakeTerminal(isTTY);
    let clock = 0;
    const progress = createProgress({
      stream: terminal as unknown as NodeJS.WriteStream,
      now: () => clock,
      ...flags,
    });
    // No sink at all: the stages then do not even watch.
    expect(progress.sink).toBeUndefined();
    clock = 5000;
    progress.stop();
    expect(terminal.written).toBe('');
  });
});

describe('the progress text', () => {
  it("counts the import's wait in seconds", () => {
    const line = new ProgressLine();
    line.take({ kind: 'wait', what: 'the platform to import the menu' }, 1000);
    expect(line.text(3500)).toBe('waiting for the platform to import the menu: 2 s');
  });

  it("counts a retry's delay down, then waits again", () => {
    const line = new ProgressLine();
    line.take({ kind: 'retry', attempt: 2, delayMs: 5000, reason: 'HTTP 503' }, 0);
    expect(line.text(1200)).toBe('retry 2 after HTTP 503 in 4 s');
    expect(line.text(4999)).toBe('retry 2 after HTTP 503 in 1 s');
    expect(line.text(7000)).toBe('retry 2: waiting for the platform: 2 s');
  });

  it('says 1 row, and restarts the rate for the next file', () => {
    const line = new ProgressLine();
    expect(line.take({ kind: 'rows', file: 'a.csv', rows: 1 }, 0)).toBe('new');
    expect(line.text(0)).toBe('reading a.csv: 1 row');
    expect(line.take({ kind: 'rows', file: 'a.csv', rows: 2 }, 100)).toBe('same');
    expect(line.take({ kind: 'rows', file: 'b.csv', rows: 500 }, 1000)).toBe('new');
    expect(line.text(2000)).toBe('reading b.csv: 500 rows (500 rows/s)');
    expect(line.take({ kind: 'rows-done', file: 'b.csv', rows: 500 }, 2000)).toBe('ended');
    expect(line.active()).toBe(false);
  });
});
