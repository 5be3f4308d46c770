import { InvalidInputError } from '../../errors.js';
import type { DataIssue } from '../../model/data-issue.js';
import { assertReadableFile, inputError, readBytes } from '../file-access.js';
import { inputLimits } from '../input-limits.js';
import { locateHeader } from '../locate-header.js';
import type { ReadOptions, TableSource } from '../types.js';
import { createDecoder, createUtf8Check } from './decode-chunks.js';
import { decodeText } from './decode-text.js';
import { detectDelimiter } from './detect-delimiter.js';
import { detectEncoding, givenEncoding, overrideMismatch, type DetectedEncoding } from './detect-encoding.js';
import { InvalidUtf8Cells } from './invalid-utf8-cells.js';
import { encodingSample, firstNonAscii, SAMPLE_BYTES } from './encoding-sample.js';
import { watchForUtf8, type EncodingEvidence } from './mixed-encodings.js';
import { fileBatches } from './file-batches.js';
import { encodingQuestion } from './script-decision.js';
import { RecordParser } from './record-parser.js';
import { RecordWarnings } from './record-warnings.js';
import { watchText } from './watch-text.js';

/** The encoding, and for a single-byte one chosen by detection, where the bytes that chose it are. */
async function chooseEncoding(
  file: string,
  head: Buffer,
  size: number,
  options: ReadOptions,
): Promise<DetectedEncoding & { evidence?: EncodingEvidence }> {
  if (options.encoding !== undefined)
    return { ...givenEncoding(file, options.encoding, options.encodingOrigin), bomLength: 0 };
  const sample = await encodingSample(file, head, size);
  const detected = detectEncoding(sample.bytes);
  if (detected.candidates)
    throw new InvalidInputError(encodingQuestion(file, sample.bytes, detected, options.encodingName));
  const first = firstNonAscii(sample);
  if (first === undefined || (detected.encoding !== 'windows-1252' && detected.encoding !== 'macintosh'))
    return detected;
  return { ...detected, evidence: { encoding: detected.encoding, ...first } };
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
  const chosen = await chooseEncoding(file, head, size, options);
  const { encoding, reason } = chosen;
  const delimiter = options.delimiter ?? detectDelimiter(decodeText(head, encoding));
  const issues: DataIssue[] = options.encoding !== undefined ? overrideMismatch(file, head, chosen) : [];
  const warnings = new RecordWarnings(file, issues, options.allowTrailingEmptyCells === true);
  const parser = new RecordParser({
    delimiter,
    onNotice: warnings.notice,
    onMalformed: (error, row) => {
      issues.push({
        code: 'malformed-row',
        severity: 'error',
        message: `Cannot parse this record (${error?.message ?? 'malformed CSV'}); it was skipped`,
        location: { file, ...(row !== undefined ? { row } : {}) },
      });
    },
  });
  // UTF-8 passes through to csv-parse; its invalid bytes are located cell by cell.
  const cells = encoding === 'utf-8' ? new InvalidUtf8Cells(file, issues, options.encodingName) : undefined;
  let garbled = false;
  const decoder = watchText(
    encoding === 'utf-8'
      ? createUtf8Check((fault) => {
          garbled = true;
          cells?.fault(fault);
        })
      : chosen.evidence
        ? watchForUtf8(createDecoder(encoding), file, chosen.evidence, issues, options.encodingName)
        : createDecoder(encoding),
    delimiter,
    () => {
      garbled = true;
    },
  );
  const wrapError = (error: unknown): unknown =>
    error instanceof InvalidInputError ? error : inputError(file, error);
  const located = await locateHeader(
    fileBatches(file, decoder, parser, cells ? [cells, warnings] : [warnings]),
    options,
    { file },
    issues,
    wrapError,
  );
  cells?.nameColumns(located.headers);
  warnings.nameColumns(located.headerRow, located.headers);
  return {
    kind: 'table',
    file,
    encoding,
    encodingReason: reason,
    delimiter,
    shortRecords: 'cut',
    issues,
    textMayBeGarbled: () => garbled || parser.breaksInCells,
    ...located,
  };
}
