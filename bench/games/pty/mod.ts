/**
 * Driving terminal games from Deno: a pty process (`script` under `setpriv`), a headless screen
 * (the one `@xterm/headless` adapter), and `/proc` probes that tell when a game waits for a key.
 *
 * @module
 */
export * from "./proc_probe.ts";
export * from "./pty_process.ts";
export * from "./screen.ts";
