/**
 * Task identity: the dataset's sha256 and the task's row, so a result can be matched to the exact
 * task it came from across runs and resumes (the port's `identity` field).
 *
 * @module
 */

/** `sha256(dataset) + ":" + row`. */
export function taskIdentity(datasetHash: string, row: number): string {
  if (!/^[0-9a-f]{64}$/.test(datasetHash)) {
    throw new RangeError(`dataset hash must be 64 lowercase hex characters, got '${datasetHash}'`);
  }
  if (!Number.isInteger(row) || row < 0) {
    throw new RangeError(`row must be a natural number, got ${row}`);
  }
  return `${datasetHash}:${row}`;
}
