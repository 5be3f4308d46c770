import { InvalidInputError } from '../../errors.js';
import type { DataIssue } from '../../model/data-issue.js';
import { assertReadableFile, inputError, readBytes } from '../file-access.js';
import { inputLimits } from '../input-limits.js';
import { locateHeader } from '../locate-header.js';
import type { ReadOptions, TableSource } from '../types.js';
import { createDecoder, createUtf8Check, type ChunkDecoder } from './decode-chunks.js';
import { detectDelimiter } from './detect-delimiter.js';
import { detectEncoding, normalizeEncoding, type DetectedEncoding } from './detect-encoding.js';
import { encodingSample, SAMPLE_BYTES } from './encoding-sample.js';
import { fileBatches } from './file-batches.js';
import { RecordParser } from './record-parser.js';

async function chooseEncoding(
  file: string,
  head: Buffer,
  size: number,
  label?: string,
): Promise<DetectedEncoding> {
  if (label === undefined) return detectEncoding(await encodingSample(file, head, size));
  const encoding = normalizeEncoding(label);
  if (!encoding) {
    throw new InvalidInputError(
      `Unsupported encoding "${label}" for ${file}: use utf-8, utf-16le, utf-16be, windows-1252, latin1 or macintosh`,
    );
  }
  return { encoding, bomLength: 0 };
}

/**
 * Opens a CSV file as a streaming TableSource. Only the first 64 KB are held in memory (to detect
 * encoding, delimiter and header); records stream through csv-parse as `{row, cells}` with `row`
 * the physical line where the record starts, a batch per chunk read (file-batches.ts).
 * Malformed records become `malformed-row` issues.
 */
export async function readCsv(file: string, options: ReadOptions): Promise<TableSource> {
  const size = await assertReadableFile(file, inputLimits(options.limits).maxInputBytes);
  const head = await readBytes(file, SAMPLE_BYTES);
  const { encoding } = await chooseEncoding(file, head, size, options.encoding);
  const delimiter =
    options.delimiter ?? detectDelimiter(new TextDecoder(encoding).decode(head, { stream: true }));
  const issues: DataIssue[] = [];
  const parser = new RecordParser({
    delimiter,
    onMalformed: (error, row) => {
      issues.push({
        code: 'malformed-row',
        severity: 'error',
        message: `Cannot parse this record (${error?.message ?? 'malformed CSV'}); it was skipped`,
        location: { file, ...(row !== undefined ? { row } : {}) },
      });
    },
  });
  const decoder: ChunkDecoder =
    encoding === 'utf-8'
      ? createUtf8Check((offset) =>
          issues.push({
            code: 'encoding',
            severity: 'warning',
            message: `Bytes from offset ${offset} are not valid UTF-8; they were read as U+FFFD. Set the mapping's encoding if the file is not UTF-8`,
            location: { file },
          }),
        )
      : createDecoder(encoding);
  const wrapError = (error: unknown): unknown =>
    error instanceof InvalidInputError ? error : inputError(file, error);
  const located = await locateHeader(
    fileBatches(file, decoder, parser),
    options,
    { file },
    issues,
    wrapError,
  );
  return { kind: 'table', file, encoding, delimiter, issues, ...located };
}
