import type { DataIssue } from '../../model/data-issue.js';

/** A single value flowing through templates and transforms. */
export type Scalar = string | number | boolean | null;

/** Where a transform reports a problem or asks for its row to be skipped (location bound by caller). */
export interface TransformSink {
  issue(code: DataIssue['code'], severity: DataIssue['severity'], message: string): void;
  skip(reason: string): void;
}

/** A transform chain compiled once per mapping (src/mapping/transforms/index.ts). */
export type CompiledTransform = (value: Scalar, sink: TransformSink) => Scalar;
