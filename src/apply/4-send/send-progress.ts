/** One request of a send, as response.json and the run report hold it. */
export interface RequestOutcome {
  request: number;
  bytes: number;
  success: boolean;
  attempts: number;
  error?: { message: string; code?: string; status?: number; outcomeUnknown: boolean };
}

/** Filled in as requests go out, so a failed run still reports what was sent. */
export interface SendProgress {
  attempts: number;
  responses: RequestOutcome[];
}
