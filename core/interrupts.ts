/**
 * Interrupt handling of long commands: the first SIGINT or SIGTERM aborts the given controller,
 * so the command stops at its next safe point (work in progress is either finished or not
 * committed, the run lock released); a second one exits at once with 130.
 *
 * @module
 */

/** Signals that ask a command to stop. */
export const STOP_SIGNALS: readonly Deno.Signal[] = ["SIGINT", "SIGTERM"];

/**
 * Installs the listeners; returns a function removing them. `exit` is called on the second
 * signal (default `Deno.exit(130)`).
 */
export function onStopSignals(
  controller: AbortController,
  exit: () => void = () => Deno.exit(130),
): () => void {
  let count = 0;
  const listener = () => {
    if (++count > 1) exit();
    controller.abort();
  };
  for (const s of STOP_SIGNALS) Deno.addSignalListener(s, listener);
  return () => {
    for (const s of STOP_SIGNALS) Deno.removeSignalListener(s, listener);
  };
}
