import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runMapping } from '../../src/mapping/extract-menu.js';
import { parseMappingText } from '../../src/mapping/loader.js';
import type { ExtractResult } from '../../src/mapping/types.js';
import { testTempDir } from '../helpers/temp-dir.js';

/** Writes inputs to a fresh temp dir and runs a mapping given as YAML text. */
export async function runInline(
  mappingYaml: string,
  files: Record<string, string>,
  params: Record<string, string> = {},
): Promise<ExtractResult> {
  const dir = testTempDir('mapping');
  const inputs = Object.entries(files).map(([name, content]) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  });
  return runMapping(parseMappingText(mappingYaml, 'inline.yaml'), inputs, params);
}

export const HEADER = `version: 1
name: inline
title: Inline test mapping
description: Used by tests.
`;

/**
 * A table section body with one category for all when it names none: a mapping without a category
 * does not load (every product needs one on the platform), and most tests are about something else.
 */
export function withCategory(body: string): string {
  return /^\s*category:/m.test(body) ? body : `  category: { name: { value: Menu } }\n${body}`;
}
