import { execFileSync } from 'node:child_process';

/**
 * `text` written in a legacy encoding by a reference encoder (Python's codecs), so the tests do
 * not check our decoders against our own tables. `codec` is a Python codec name (cp1251, cp932...).
 */
export function legacyBytes(text: string, codec: string): Buffer {
  return execFileSync(
    'python3',
    [
      '-c',
      'import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode("utf-8").encode(sys.argv[1]))',
      codec,
    ],
    { input: Buffer.from(text, 'utf8') },
  );
}
