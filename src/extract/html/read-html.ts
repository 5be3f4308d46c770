import { InvalidInputError } from '../../errors.js';
import { countOf } from '../../plural.js';
import { readWholeInput } from '../file-access.js';
import { decodeJson, invalidUtf8Issues } from '../json/decode-json.js';
import { keepInexactNumbers } from '../json/inexact-numbers.js';
import { lineAndColumn, syntaxErrorOffset, syntaxReason } from '../json/parse-json.js';
import { documentSource } from '../json/read-json.js';
import type { DocumentSource, ReadOptions } from '../types.js';
import { joinBlocks } from './join-blocks.js';
import { ldJsonBlocks, type ScriptBlock } from './script-blocks.js';

const LD_JSON = '<script type="application/ld+json">';

/**
 * An HTML page read for the JSON-LD it publishes: its `<script type="application/ld+json">` blocks
 * become one document (join-blocks.ts). Decoded as JSON is (UTF-8, a BOM, or `--encoding`); a page
 * without a block, or a block that is not JSON, is an InvalidInputError with file, line and column.
 */
export async function readHtml(file: string, options: ReadOptions = {}): Promise<DocumentSource> {
  const bytes = await readWholeInput(file, options);
  const { text, encoding, reason, faults } = decodeJson(bytes, file, options);
  const blocks = ldJsonBlocks(text);
  if (blocks.length === 0) {
    throw new InvalidInputError(`${file} holds no ${LD_JSON} block: nothing to read`, {
      hint: 'Give the page that publishes the menu, or save the JSON of its block as a .json file.',
    });
  }
  const parsed = blocks.map((block, i) => parseBlock(text, block, file, i + 1));
  const { document, inexactNumbers } = joinBlocks(parsed);
  // The page is HTML: a fault is located by line and column, not by a JSON path.
  const issues =
    faults.length > 0
      ? invalidUtf8Issues(text, faults, file, { paths: false, encodingName: options.encodingName })
      : [];
  // JSON's default reason would misname the page: it is read as UTF-8 too (its <meta charset> is not).
  const why = `${reason === 'JSON is UTF-8' ? 'read as UTF-8' : reason}; ${countOf(blocks.length, 'ld+json block')}`;
  return documentSource(file, document, { text, encoding, reason: why }, issues, inexactNumbers);
}

function parseBlock(
  page: string,
  block: ScriptBlock,
  file: string,
  n: number,
): { document: unknown; inexact: Map<string, string> } {
  let document: unknown;
  try {
    document = JSON.parse(block.json) as unknown;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const { line, column } = lineAndColumn(page, block.offset + syntaxErrorOffset(block.json, error));
    throw new InvalidInputError(
      `Invalid JSON in ${file} (${LD_JSON} block ${n}) at line ${line}, column ${column}: ${syntaxReason(error)}`,
      { cause: error },
    );
  }
  return { document, inexact: keepInexactNumbers(block.json, document) };
}
