import { copyFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../helpers/run-cli.js';

/**
 * A mapping in {tmp} whose sets file is a symbolic link inside {tmp} pointing at /etc/passwd:
 * the path looks inside the mapping's folder, the file it opens is not.
 */
export async function generate(tmp: string): Promise<void> {
  const mapping = path.join(REPO_ROOT, 'mappings/square-item-library/mapping.yaml');
  await copyFile(mapping, path.join(tmp, 'square.yaml'));
  await symlink('/etc/passwd', path.join(tmp, 'sets.yaml'));
}
