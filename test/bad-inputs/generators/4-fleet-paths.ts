import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../helpers/run-cli.js';

/**
 * A fleet of two targets in {tmp}, each with its own export and client secret file (copies, so a
 * regression overwrites nothing committed). Base URL and client id come from the environment the
 * corpus sets; the secret file holds a placeholder the run never gets to read.
 */
export async function generate(tmp: string): Promise<void> {
  const mapping = path.join(REPO_ROOT, 'fixtures/demo/demo-mapping.yaml');
  const targets: string[] = [];
  for (const name of ['north', 'south']) {
    await copyFile(path.join(REPO_ROOT, 'fixtures/demo/menu-v1.csv'), path.join(tmp, `${name}.csv`));
    await writeFile(path.join(tmp, `${name}.secret`), 'placeholder-secret\n');
    targets.push(
      `  ${name}:`,
      `    mapping: ${JSON.stringify(mapping)}`,
      `    inputs: [${name}.csv]`,
      `    client_secret_file: ${name}.secret`,
      `    menu: shared`,
    );
  }
  await writeFile(path.join(tmp, 'menusync.config.yaml'), ['targets:', ...targets, ''].join('\n'));
}
