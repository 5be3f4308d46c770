import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { runNode, type NodeResult } from '../helpers/run-node.js';
import { testTempDir } from '../helpers/temp-dir.js';

// scripts/docs.mjs writes the generated parts of docs/cli.md (from the CLI's yargs definitions, in
// dist/), docs/mappings.md and the README (from mappings/*/) and docs/architecture.md (from
// .dependency-cruiser.cjs). Run as `npm run docs` does, in a child process.
const GENERATED = ['README.md', 'docs/cli.md', 'docs/mappings.md', 'docs/architecture.md'];

function runDocs(args: string[]): Promise<NodeResult> {
  return runNode([path.join(REPO_ROOT, 'scripts/docs.mjs'), ...args], REPO_ROOT);
}

/** A copy of the generated Markdown files under a temp root, for --root. */
function copyOfDocs(): string {
  const root = testTempDir('docs');
  mkdirSync(path.join(root, 'docs'));
  for (const file of GENERATED) copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  return root;
}

const committed = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

// Each run loads the CLI and formats four files with Prettier: seconds, more on a loaded machine.
const SLOW = 120_000;

describe('generated docs', () => {
  it(
    'are what npm run docs writes (when this fails, run npm run docs)',
    async () => {
      const { code, stderr } = await runDocs(['--check']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    },
    SLOW,
  );

  it(
    'name each stale file and the command to run, and --check writes nothing',
    async () => {
      const root = copyOfDocs();
      const stale = path.join(root, 'docs/architecture.md');
      const edited = readFileSync(stale, 'utf8').replace('`notify/`', '`alerts/`');
      writeFileSync(stale, edited);
      const { code, stderr } = await runDocs(['--check', '--root', root]);
      expect(code).toBe(1);
      expect(stderr).toBe('stale generated docs: docs/architecture.md: regenerate them with npm run docs\n');
      expect(readFileSync(stale, 'utf8')).toBe(edited);
    },
    SLOW,
  );

  it(
    'rewrite only the generated part, keeping the prose around it',
    async () => {
      const root = copyOfDocs();
      const file = path.join(root, 'docs/mappings.md');
      const marker = '<!-- end of generated shipped-mappings -->';
      const text = readFileSync(file, 'utf8');
      // A mapping row lost, and a sentence of prose added after the generated part.
      const row = text.split('\n').find((line) => line.startsWith('| [`loyverse-items`]'));
      expect(row).toBeDefined();
      writeFileSync(
        file,
        text.replace(`${row}\n`, '').replace(marker, `${marker}\n\nA sentence of our own.`),
      );
      const { code, stdout } = await runDocs(['--root', root]);
      expect(code).toBe(0);
      expect(stdout).toBe('wrote docs/mappings.md\n');
      const written = readFileSync(file, 'utf8');
      expect(written).toContain(row);
      expect(written).toContain(`${marker}\n\nA sentence of our own.`);
    },
    SLOW,
  );

  it('list every command of the registry, every shipped mapping and every folder of src/', () => {
    const cli = committed('docs/cli.md');
    for (const command of commands) {
      const name = String([command.command].flat()[0]).split(' ')[0];
      expect(cli, `docs/cli.md: ${name}`).toContain(`\n### menusync ${name}\n`);
    }
    const readme = committed('README.md');
    const mappings = readdirSync(path.join(REPO_ROOT, 'mappings'), { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    expect(readme).toContain(`${mappings.length} shipped mappings`);
    for (const { name } of mappings) expect(readme, name).toContain(`(mappings/${name}/README.md)`);
    const architecture = committed('docs/architecture.md');
    const folders = readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    for (const { name } of folders) expect(architecture, `src/${name}/`).toContain(`\`${name}/\``);
  });
});
