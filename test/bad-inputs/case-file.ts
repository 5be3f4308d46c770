import { z } from 'zod';
import { FaultList } from '../../src/sandbox/faults.js';

/**
 * One run of the CLI inside a bad-input case. Arguments may use `{case}` (the case's folder),
 * `{tmp}` (a fresh temp folder, also the working directory), `{repo}` (the repository root), and
 * `{platform-host}` and `{platform-port}` (the sandbox's, to spell its URL another way).
 */
export const CaseRun = z.strictObject({
  args: z.array(z.string()).min(1),
  /** Sandbox faults injected just before this run. */
  faults: FaultList.optional(),
  env: z.record(z.string(), z.string()).optional(),
  /** Written to the child's standard input. */
  stdin: z.string().optional(),
  exit: z.number().int(),
  /** Fragments that must each appear in stdout or stderr. */
  output: z.array(z.string()).default([]),
  /** Fragments that must appear in neither. */
  notOutput: z.array(z.string()).default([]),
  /** Whether a POST /menu/import reached the sandbox during this run. */
  sent: z.boolean(),
});
export type CaseRun = z.infer<typeof CaseRun>;

/** `fixtures/bad-inputs/<name>/case.json`: one hostile or broken input and what the tool must do. */
export const BadInputCase = z.strictObject({
  /** One line: what is wrong with the input and what must happen. */
  about: z.string().min(10),
  /**
   * The kind of bad input it covers, the number its folder name starts with: 1 text and encodings,
   * 2 rows and cells, 3 platform answers, 4 output files, 5 mapping parameters and sets, 6 limits and
   * connection settings, 7 retries and what they print. The corpus test wants every kind covered.
   */
  item: z.number().int().min(1).max(7),
  /** A generator in test/bad-inputs/generators/<setup>.ts that writes large or odd files into {tmp}. */
  setup: z.string().optional(),
  /** Start a sandbox; its URL and a client's credentials are passed as MENUSYNC_* variables. */
  platform: z.boolean().default(false),
  /** Runs in order, in the same temp folder and against the same sandbox. */
  runs: z.array(CaseRun).min(1),
});
export type BadInputCase = z.infer<typeof BadInputCase>;
