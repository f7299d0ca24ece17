/**
 * The `automem` command line: argument parsing, the command table and dispatch. Only this folder
 * and the server print to the terminal.
 *
 * @module
 */
export * from "./args.ts";
export * from "./command.ts";
export * from "./commands.ts";
export * from "./io.ts";
export * from "./run_cli.ts";
