import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { MenusyncError } from '../errors.js';
import { headerIssues } from '../mapping/check-header.js';
import { resolveParameters } from '../mapping/extract-menu.js';
import { formatLocation, type DataIssue } from '../model/data-issue.js';
import { loadMapping } from '../mapping/loader.js';
import { resolveMenuAddress } from '../platform/menu-address.js';
import { readSecretFile } from './connection-checks.js';
import { configTarget, type LoadedConfig } from './load-config.js';
import { withoutPrototype } from '../model/named-record.js';

/** One problem of one config target, as `config validate` prints it. */
export interface TargetProblem {
  target: string;
  message: string;
}

/**
 * Everything a run of the target would need before it reads a row: its mapping loads and takes
 * its params, every input is a readable file whose header has every column the mapping and its
 * params need, the base URL, client id and secret resolve (flags aside). Every problem is returned, not only the first; the secret itself is read, never shown.
 */
export async function checkTarget(
  loaded: LoadedConfig,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<TargetProblem[]> {
  const target = configTarget(loaded, name);
  const problems: string[] = [];
  const attempt = async (check: () => unknown): Promise<void> => {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof MenusyncError)) throw error;
      problems.push(error.hint ? `${error.message} (${error.hint})` : error.message);
    }
  };
  if (!target.mapping) problems.push('no mapping: set mapping in the target (or in defaults)');
  else {
    const mapping = target.mapping;
    await attempt(async () => {
      resolveParameters((await loadMapping(mapping)).mapping, stringParams(target.params));
    });
  }
  if (!target.inputs || target.inputs.length === 0) problems.push('no inputs: set inputs in the target');
  const before = problems.length;
  for (const input of target.inputs ?? []) {
    const problem = await fileProblem(input);
    if (problem) problems.push(`input ${input}: ${problem}`);
  }
  // With the mapping loaded and every input there, the headers say what the night's run would.
  const mapping = target.mapping;
  const inputs = target.inputs ?? [];
  if (mapping && inputs.length > 0 && problems.length === before) {
    await attempt(async () => {
      const issues = await headerIssues({ mapping, inputs, params: stringParams(target.params) });
      for (const issue of issues) problems.push(`${issueWhere(issue)}${issue.message} [${issue.code}]`);
    });
  }
  await attempt(() => {
    const address = resolveMenuAddress({ config: target, env });
    if (!address.baseUrl) problems.push('no platform base URL: set base_url (or MENUSYNC_BASE_URL)');
    if (!address.clientId) problems.push('no client id: set client_id (or MENUSYNC_CLIENT_ID)');
  });
  if (target.client_secret_file) {
    const file = target.client_secret_file;
    await attempt(() => {
      if (readSecretFile(file) === '') problems.push(`client_secret_file ${file} is empty`);
    });
  } else if (!env.MENUSYNC_CLIENT_SECRET)
    problems.push('no client secret: set client_secret_file (or MENUSYNC_CLIENT_SECRET)');
  return problems.map((message) => ({ target: name, message }));
}

function stringParams(params: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  // Parameter names are the user's: `constructor` is a name, not Object.prototype's.
  return withoutPrototype(Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)])));
}

function issueWhere(issue: DataIssue): string {
  const where = formatLocation(issue.location);
  return where ? `${where}: ` : '';
}

async function fileProblem(file: string): Promise<string | null> {
  try {
    if (!(await stat(file)).isFile()) return 'not a regular file';
    await access(file, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`;
  }
}
