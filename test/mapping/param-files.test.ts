import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, UsageError } from '../../src/errors.js';
import { readSmallTextFile, resolveParamFile } from '../../src/mapping/mapping-files.js';
import { MappingError, parseMappingText, parseYamlText } from '../../src/mapping/loader.js';
import { ModifierSetsFile } from '../../src/mapping/table-schema.js';
import { safeKey } from '../../src/mapping/zod-issues.js';

describe('resolveParamFile: files named by parameters stay inside their root', () => {
  let root: string;
  let mappingDir: string;
  let configDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'menusync-param-files-'));
    mappingDir = path.join(root, 'mapping');
    configDir = path.join(root, 'config');
    await mkdir(path.join(mappingDir, 'sets'), { recursive: true });
    await mkdir(configDir);
    await writeFile(path.join(mappingDir, 'sets.yaml'), 'A: { values: [{ name: x }] }\n');
    await writeFile(path.join(mappingDir, 'sets', 'more.yaml'), 'A: { values: [{ name: x }] }\n');
    await writeFile(path.join(configDir, 'shop.yaml'), 'A: { values: [{ name: x }] }\n');
    await symlink('/etc/passwd', path.join(mappingDir, 'link.yaml'));
    await symlink(path.join(configDir, 'shop.yaml'), path.join(mappingDir, 'to-config.yaml'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const roots = () => ({ defaults: mappingDir, given: mappingDir, byName: { shop: configDir } });

  it.each([
    ['sets.yaml', 'sets', false],
    ['sets/more.yaml', 'sets', true],
    ['./sets/../sets.yaml', 'sets', true],
    ['shop.yaml', 'shop', true],
  ])('accepts %s (parameter %s)', async (value, name, given) => {
    await expect(resolveParamFile(name, value, given, roots())).resolves.toMatch(/\.yaml$/);
  });

  it.each([
    ['/etc/passwd', 'sets'],
    ['../config/shop.yaml', 'sets'],
    ['../../../../../../etc/shadow', 'sets'],
    ['link.yaml', 'sets'],
    ['to-config.yaml', 'sets'],
    ['../mapping/sets.yaml', 'shop'],
    ['.', 'sets'],
  ])('refuses %s (parameter %s) as outside, before reading it', async (value, name) => {
    const error = await resolveParamFile(name, value, true, roots()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/which is outside/);
  });

  it('says a missing file inside the root is missing', async () => {
    await expect(resolveParamFile('sets', 'nope.yaml', true, roots())).rejects.toThrow(/no such file/);
  });
});

describe('readSmallTextFile', () => {
  it.each([
    ['/dev/zero', /not a regular file/],
    ['/', /it is a directory/],
  ])('refuses %s without reading it', async (file, message) => {
    const error = await readSmallTextFile(file, 'mapping').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses a file past its size', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'menusync-small-'));
    try {
      await writeFile(path.join(dir, 'big.yaml'), 'x'.repeat(101));
      await expect(readSmallTextFile(path.join(dir, 'big.yaml'), 'mapping', 100)).rejects.toThrow(
        /101 bytes, more than the 100 a mapping may have/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('mapping errors name lines and keys, never content', () => {
  it('shows a line of content used as a key as a placeholder', () => {
    expect(safeKey('Extra toppings')).toBe('Extra toppings');
    expect(safeKey('$schema')).toBe('$schema');
    expect(safeKey('root:$6$salt$hash:20228:0:99999:7::')).toBe('<key of 35 characters>');
  });

  it('reports the keys of a password-like sets file as placeholders', () => {
    const error = (() => {
      try {
        parseYamlText(
          'root:$6$salt$hash:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n',
          'f.yaml',
          () => ModifierSetsFile,
        );
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(MappingError);
    const text = (error as MappingError).problems.join('\n');
    expect(text).toContain('<key of');
    expect(text).not.toMatch(/root|daemon|\$6\$|20228/);
  });

  it('turns a YAML alias bomb into a MappingError at the line of the first alias', () => {
    const bomb = [
      'version: 1',
      'a: &a [x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    ].join('\n');
    expect(() => parseMappingText(bomb, 'bomb.yaml')).toThrow(MappingError);
    expect(() => parseMappingText(bomb, 'bomb.yaml')).toThrow(/bomb\.yaml:3: aliases/);
  });
});
