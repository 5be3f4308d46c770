import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

// The built CLI (npm run build first) in real child processes.
const FIXTURE = path.join(REPO_ROOT, 'mappings/square-item-library/fixtures/item-library.csv');
const MAPPING = 'square-item-library';
const SDO = path.resolve(REPO_ROOT, '../shared/pos-samples/schemaorg/sdo-menu-examples.txt');
const dir = mkdtempSync(path.join(tmpdir(), 'menusync-cli-args-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at |unexpected error/);

describe('--out into a directory that does not exist', () => {
  const missing = path.join(dir, 'no-such-dir', 'o.json');

  it('extract fails in one line naming the path, exit 2, without a success summary first', async () => {
    const r = await runCli(['extract', '--mapping', MAPPING, '--input', FIXTURE, '--out', missing]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `error: Cannot write --out ${missing}: no such directory (${path.dirname(missing)})\n`,
    );
  });

  it('init fails the same way and writes nothing', async () => {
    const r = await runCli(['init', '--input', FIXTURE, '--out', missing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Cannot write --out ${missing}`);
    expect(r.stdout).toBe('');
    noStack(r.stderr);
  });

  it('extract to an existing directory as --out fails in one line and leaves no temp file', async () => {
    const r = await runCli(['extract', '--mapping', MAPPING, '--input', FIXTURE, '--out', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: Cannot write --out ${dir}: it is a directory\n`);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a single-value option given twice', () => {
  it.each([
    [['extract', '--mapping', 'a', '--mapping', 'b', '--input', FIXTURE], 'mapping'],
    [['extract', '--mapping', MAPPING, '--input', FIXTURE, '--out', 'a.json', '--out', 'b.json'], 'out'],
    [['validate', '--mapping', MAPPING, '--mapping', MAPPING], 'mapping'],
    [['init', '--input', FIXTURE, '--input', FIXTURE], 'input'],
    [['init', '--input', FIXTURE, '--out', 'a.yaml', '--out', 'b.yaml'], 'out'],
  ])('is a usage error (exit 2): %j', async (args, name) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: --${name} was given 2 times; it takes one value\n`);
    expect(existsSync(path.join(REPO_ROOT, 'a.json'))).toBe(false);
  });
});

describe('--quiet', () => {
  it('extract keeps the warnings and drops the summary', async () => {
    const r = await runCli(['extract', '--mapping', MAPPING, '--input', FIXTURE, '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning unknown-reference: 2');
    expect(r.stderr).toContain('warning bad-price: 1');
    expect(r.stderr).not.toContain('rows ->');
  });

  it('validate keeps the warnings and drops the "is valid" line', async () => {
    const r = await runCli(['validate', '--mapping', MAPPING, '--input', FIXTURE, '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning unknown-reference: 2');
    expect(r.stderr).not.toContain('is valid');
  });

  it('help says problems are errors and warnings', async () => {
    const r = await runCli(['extract', '--help']);
    expect(r.stdout).toContain('Print only problems (errors and warnings), not the summary');
    expect(r.stdout).toContain('every problem is listed');
  });
});

describe('init on a file that is not an export', () => {
  it('refuses a file holding only a BOM, exit 2', async () => {
    const bom = path.join(dir, 'bom.csv');
    writeFileSync(bom, '\uFEFF');
    const r = await runCli(['init', '--input', bom]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: ${bom}: the export is empty (only blank lines)`);
  });

  it('refuses lines of prose, exit 2', async () => {
    const prose = path.join(dir, 'notes.txt');
    writeFileSync(prose, 'TYPES: Menu, MenuSection, MenuItem\n\nPRE-MARKUP:\n\nA simple menu.\nMore text\n');
    const r = await runCli(['init', '--input', prose]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: ${prose} has no header row: not a CSV, XLSX or JSON export`);
  });

  if (!existsSync(SDO)) console.warn(`Skipping the schema.org sample init test: ${SDO} is absent`);
  it.skipIf(!existsSync(SDO))('refuses the schema.org examples text, exit 2', async () => {
    const r = await runCli(['init', '--input', SDO]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('has no header row: not a CSV, XLSX or JSON export');
    noStack(r.stderr);
  });
});
