import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  FatalPlatformError,
  InputLimitError,
  PlatformError,
  PayloadTooLargeError,
  UsageError,
  type ApplyRunOptions,
} from '../../src/index.js';
import type { FaultSpec } from '../../src/sandbox/faults.js';
import { DEMO_CLIENT, startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { runCli, REPO_ROOT } from '../helpers/run-cli.js';
import { testTempDir } from '../helpers/temp-dir.js';

// The CLI cases run the BUILT CLI: `npm run build` first (npm test does).

const MAPPING = path.join(REPO_ROOT, 'fixtures/demo/demo-mapping.yaml');
const HEADER = 'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""';
const STATE_HINT = 'postgres://USER@HOST:PORT/DB (optionally ?schema=NAME), or a folder';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const imports = () => sandbox.requests.filter((r) => r.path.endsWith('/menu/import')).length;

/** A temp folder with a demo export of three products, and its state folder. */
async function world(): Promise<{ dir: string; input: string; state: string }> {
  const dir = testTempDir('setting-words');
  const input = path.join(dir, 'menu.csv');
  const rows = ['p1,Latte,Coffee,,,3.50,Y,N', 'p2,Tea,Tea,,,2.50,Y,N', 'p3,Cake,Food,,,4.00,Y,N'];
  await writeFile(input, `${[HEADER, ...rows].join('\n')}\n`);
  return { dir, input, state: path.join(dir, 'state') };
}

/**
 * One failure, through the library (its options) and through the CLI (its flags): the same data,
 * each worded in its caller's names. `library` changes the options, `flags` adds to the command line.
 */
interface Case {
  name: string;
  library: (options: ApplyRunOptions) => ApplyRunOptions;
  flags: string[];
  /** Faults the sandbox answers this case's requests with. */
  faults?: FaultSpec[];
  /** The secret the CLI's environment gives (default the demo client's). */
  cliSecret?: string;
  /** Import requests the case makes (default none: it fails before sending). */
  imports?: number;
  /** The error class and what its message and hint say, in the library's names. */
  errorClass: new (...args: never[]) => Error;
  libraryWords: string[];
  /** The same, as the CLI prints them on stderr. */
  cliWords: string[];
  exit: number;
}

const CASES: Case[] = [
  {
    name: 'a payload too large to split',
    library: (o) => ({ ...o, mode: 'merge', maxPayloadBytes: 1 }),
    flags: ['--mode', 'merge', '--max-payload-bytes', '1'],
    errorClass: PayloadTooLargeError,
    libraryWords: ['is over the limit of 1 bytes', 'raise maxPayloadBytes'],
    cliWords: ['is over the limit of 1 bytes', 'hint: raise --max-payload-bytes'],
    exit: 2,
  },
  {
    name: 'an input past an input limit',
    library: (o) => ({ ...o, limits: { maxInputBytes: 10 } }),
    flags: ['--max-input-bytes', '10'],
    errorClass: InputLimitError,
    libraryWords: ['(the limit: limits.maxInputBytes)', 'raise the limit with limits.maxInputBytes'],
    cliWords: ['(the limit: --max-input-bytes)', 'raise the limit with --max-input-bytes'],
    exit: 2,
  },
  {
    name: 'a state URL that names no database',
    library: (o) => ({ ...o, state: 'postgres://127.0.0.1' }),
    flags: ['--state', 'postgres://127.0.0.1'],
    errorClass: UsageError,
    libraryWords: ['the state URL postgres://127.0.0.1 is invalid', `pass state ${STATE_HINT}`],
    cliWords: ['the state URL postgres://127.0.0.1 is invalid', `hint: pass --state ${STATE_HINT}`],
    exit: 2,
  },
  {
    name: 'a merge the platform finds too large (HTTP 413)',
    library: (o) => ({ ...o, mode: 'merge' }),
    flags: ['--mode', 'merge'],
    faults: [{ kind: 'status', status: 413, path: '/menu/import', count: 1 }],
    imports: 1,
    errorClass: PlatformError,
    libraryWords: [
      'too large for the platform (HTTP 413)',
      'lower maxPayloadBytes (max_payload_bytes) below',
    ],
    cliWords: [
      'too large for the platform (HTTP 413)',
      'lower --max-payload-bytes (max_payload_bytes) below',
    ],
    exit: 1,
  },
  {
    name: 'a sign-in the platform refuses',
    library: (o) => ({ ...o, target: { ...o.target, clientSecret: 'not-the-secret' } }),
    flags: [],
    cliSecret: 'not-the-secret',
    errorClass: FatalPlatformError,
    libraryWords: ['MENUSYNC_CLIENT_SECRET or target.clientSecret)'],
    cliWords: ['MENUSYNC_CLIENT_SECRET or --client-secret-file)'],
    exit: 1,
  },
  {
    name: 'a number out of its range',
    library: (o) => ({ ...o, target: { ...o.target, maxAttempts: 0 } }),
    flags: ['--max-attempts', '0'],
    errorClass: UsageError,
    libraryWords: ['target.maxAttempts must be a whole number from 1 to 100, got 0'],
    cliWords: ['--max-attempts must be a whole number from 1 to 100, got 0'],
    exit: 2,
  },
];

describe('the same failure, in the words of its caller', () => {
  it.each(CASES)('$name: the library reads its option names, no flag', async (c) => {
    const { input, state } = await world();
    const before = imports();
    sandbox.clearFaults();
    if (c.faults) sandbox.injectFaults(c.faults);
    const options: ApplyRunOptions = {
      mapping: MAPPING,
      inputs: [input],
      state,
      target: { baseUrl: sandbox.url, ...DEMO_CLIENT, maxAttempts: 1 },
      allowRemovals: true,
    };
    const result = await apply(c.library(options));
    expect(result.exit).toBe(c.exit);
    expect(result.error).toBeInstanceOf(c.errorClass);
    const error = result.error as Error & { hint?: string };
    const said = `${error.message}\n${error.hint ?? ''}`;
    for (const words of c.libraryWords) expect(said).toContain(words);
    expect(said).not.toMatch(/--[a-z]/);
    expect(result.errorText ?? '').not.toMatch(/--[a-z]/);
    expect(imports()).toBe(before + (c.imports ?? 0));
  });

  it.each(CASES)('$name: the CLI prints its flags', async (c) => {
    const { dir, input, state } = await world();
    const before = imports();
    sandbox.clearFaults();
    if (c.faults) sandbox.injectFaults(c.faults);
    const env = {
      MENUSYNC_BASE_URL: sandbox.url,
      MENUSYNC_CLIENT_ID: DEMO_CLIENT.clientId,
      MENUSYNC_CLIENT_SECRET: c.cliSecret ?? DEMO_CLIENT.clientSecret,
    };
    // The case's own --state or --max-attempts replaces the usual one.
    const usual = (flag: string, value: string) => (c.flags.includes(flag) ? [] : [flag, value]);
    const args = ['apply', '--mapping', MAPPING, '--input', input, '--yes'];
    const more = [...usual('--state', state), ...usual('--max-attempts', '1'), ...c.flags];
    const result = await runCli([...args, ...more], { env, cwd: dir });
    expect(result.code, result.stderr).toBe(c.exit);
    for (const words of c.cliWords) expect(result.stderr).toContain(words);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(imports()).toBe(before + (c.imports ?? 0));
  });
});
