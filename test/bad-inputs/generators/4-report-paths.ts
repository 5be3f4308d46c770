import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../helpers/run-cli.js';

/**
 * Item 4's output-path cases: an export in {tmp} that a wrong --out-* could overwrite (a copy, so
 * a regression destroys nothing committed), a symlink to it, a reports/ folder, a plain file where
 * a folder is expected, and an export that lost every product row.
 */
export async function generate(tmp: string): Promise<void> {
  const menu = path.join(tmp, 'menu.csv');
  await copyFile(path.join(REPO_ROOT, 'fixtures/demo/menu-v1.csv'), menu);
  await symlink(menu, path.join(tmp, 'latest.csv'));
  await mkdir(path.join(tmp, 'reports'));
  await writeFile(path.join(tmp, 'a-file'), 'not a folder\n');
  await writeFile(
    path.join(tmp, 'truncated.csv'),
    'Handle,Name,Category,Description,Size,Price,Available,"Modifier - ""Milk"""\n',
  );
}
