/**
 * Warnings of side paths (a cache that cannot be written): said once, not once per call, so a
 * full disk does not flood the terminal while the run goes on uncached.
 *
 * @module
 */

/** Where side-path warnings go (the CLI: stderr). */
export type Warn = (message: string) => void;

/** `warn` that passes on only its first message (one warning for all of a run's caches). */
export function warnOnce(warn: Warn): Warn {
  let said = false;
  return (message) => {
    if (said) return;
    said = true;
    warn(message);
  };
}
