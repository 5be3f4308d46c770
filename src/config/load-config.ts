import path from 'node:path';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { InvalidInputError, UsageError } from '../errors.js';
import { readSmallTextFile } from '../mapping/mapping-files.js';
import { yamlToData } from '../mapping/yaml-data.js';
import { readYamlFast } from '../mapping/yaml-fast-path.js';
import { findMenuConflicts } from './config-menus.js';
import { MenusyncConfig, type TargetConfig } from './schema.js';
import {
  expandEnvVariables,
  type ExpandedValue,
  hideExpanded,
  quotesExpanded,
  rememberExpanded,
} from './env-vars.js';
import { withTargetDefaults } from './target-defaults.js';
import { isStateUrl } from '../state/target.js';
import { CONFIG_FILE } from './config-file.js';
import { duplicateKeyLines } from './duplicate-keys.js';

export { CONFIG_FILE };

export interface LoadedConfig {
  file: string;
  config: MenusyncConfig;
}

/**
 * Reads --config FILE, or menusync.config.yaml in the working directory when present (null when
 * not). Every problem is reported at once, each as file:line: message (exit 2).
 */
export async function loadConfig(
  file: string | undefined,
  cwd: string = process.cwd(),
): Promise<LoadedConfig | null> {
  const chosen = path.resolve(cwd, file ?? CONFIG_FILE);
  let text: string;
  try {
    text = await readSmallTextFile(chosen, 'config file');
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    if (file === undefined && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UsageError(`cannot read the config file ${chosen}: ${(error as NodeJS.ErrnoException).code}`);
  }
  return { file: chosen, config: parseConfig(text, chosen) };
}

/**
 * The config file's text as a checked config: `${NAME}` replaced from `env`, every target with the
 * `defaults:` under it. Every problem at once, each as file:line: message; a value from the
 * environment is shown in messages as written (`${NAME}`), never expanded.
 */
export function parseConfig(
  text: string,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): MenusyncConfig {
  return parseConfigFast(text, env) ?? parseConfigWithLines(text, file, env);
}

/**
 * The config read without source positions (yaml-fast-path.ts), when it is all right: a fleet's
 * config of 10,000 targets is read by every `apply --all`, worker and `fleet status`. Null for
 * anything that is not, which parseConfigWithLines then reads again and words with its lines.
 */
function parseConfigFast(text: string, env: NodeJS.ProcessEnv): MenusyncConfig | null {
  const quick = readYamlFast(text);
  if (!quick) return null;
  const { value, missing, expanded } = expandEnvVariables(quick.value, env);
  if (missing.length > 0) return null;
  const parsed = MenusyncConfig.safeParse(value);
  if (!parsed.success) return null;
  const config = withTargetDefaults(parsed.data);
  if (findMenuConflicts(config).length > 0) return null;
  rememberExpanded(expanded);
  return config;
}

function parseConfigWithLines(text: string, file: string, env: NodeJS.ProcessEnv): MenusyncConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const syntax = doc.errors.map((e) => `${lineCounter.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`);
  const problems = syntax.length > 0 ? syntax : duplicateKeyLines(doc, lineCounter);
  if (problems.length > 0)
    throw new InvalidInputError(`invalid config file\n${problems.map((p) => `${file}:${p}`).join('\n')}`);
  const data = yamlToData(doc, lineCounter);
  if (!data.ok) throw new InvalidInputError(`invalid config file\n${file}:${data.line}: ${data.message}`);
  const { value, missing, expanded } = expandEnvVariables(data.value, env);
  rememberExpanded(expanded);
  const fail = (lines: string[]): never => {
    throw new InvalidInputError(
      `invalid config file\n${lines.map((l) => hideExpanded(l, expanded)).join('\n')}`,
    );
  };
  const unset = missing.map(
    (m) =>
      `${file}:${lineOf(doc, lineCounter, m.at, false)}: the environment variable ${m.name} is not set (${m.at.join('.')})`,
  );
  const parsed = MenusyncConfig.safeParse(value);
  if (parsed.success) {
    if (unset.length > 0) fail(unset);
    const config = withTargetDefaults(parsed.data);
    const conflicts = findMenuConflicts(config);
    if (conflicts.length === 0) return config;
    fail(conflicts.map((c) => `${file}:${lineOf(doc, lineCounter, c.at, false)}: ${c.message}`));
  }
  // A value left as `${NAME}` is already said to be unset: not also "Invalid URL".
  const unsetAt = new Set(missing.map((m) => m.at.join('.')));
  const issues = parsed.error!.issues.filter((issue) => !unsetAt.has(issue.path.map(String).join('.')));
  const lines = issues.map((issue) => {
    const at = issue.path.map(String);
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
    const line = lineOf(doc, lineCounter, keys.length > 0 ? [...at, keys[0] as string] : at, keys.length > 0);
    const where = at.length > 0 ? ` (${at.join('.')})` : '';
    return `${file}:${line}: ${issueMessage(
      issue.message,
      expanded.find((e) => e.at === at.join('.')),
    )}${where}`;
  });
  return fail([...unset, ...lines]);
}

/** An issue's message, unless it quotes a piece of a value that came from the environment. */
function issueMessage(message: string, fromEnvironment: ExpandedValue | undefined): string {
  if (fromEnvironment === undefined || !quotesExpanded(message, fromEnvironment)) return message;
  return `${fromEnvironment.written} is not valid here (the reason would quote the value from the environment)`;
}

/** The line of the deepest node of `at` that exists (the key itself for unknown keys). */
function lineOf(doc: Document, counter: LineCounter, at: string[], wantKey: boolean): number {
  for (let depth = at.length; depth > 0; depth--) {
    const keyPath = at.slice(0, depth);
    if (wantKey && depth === at.length) {
      const parent = doc.getIn(keyPath.slice(0, -1), true);
      if (parent && typeof parent === 'object' && 'items' in parent) {
        const items = (parent as { items: { key: unknown }[] }).items;
        const pair = items.find(
          (p) => isNode(p.key) && String((p.key as { value?: unknown }).value) === keyPath.at(-1),
        );
        if (pair && isNode(pair.key) && pair.key.range) return counter.linePos(pair.key.range[0]).line;
      }
      continue;
    }
    const node = doc.getIn(keyPath, true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

/** The named target, with its paths made absolute against the config file's folder. */
export function configTarget(loaded: LoadedConfig, name: string): TargetConfig {
  const target = loaded.config.targets[name];
  if (!target) {
    const known = Object.keys(loaded.config.targets).join(', ') || '(none)';
    throw new UsageError(`no target "${name}" in ${loaded.file}; known targets: ${known}`);
  }
  const base = path.dirname(loaded.file);
  const resolve = (p: string) => path.resolve(base, p);
  const isPath = (m: string) => m.includes('/') || /\.(ya?ml|json)$/.test(m);
  return {
    ...target,
    ...(target.mapping && isPath(target.mapping) ? { mapping: resolve(target.mapping) } : {}),
    ...(target.inputs ? { inputs: target.inputs.map(resolve) } : {}),
    ...(target.state_dir && !isStateUrl(target.state_dir) ? { state_dir: resolve(target.state_dir) } : {}),
    ...(target.client_secret_file ? { client_secret_file: resolve(target.client_secret_file) } : {}),
  };
}
