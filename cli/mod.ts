/**
 * The `automem` command line: argument parsing, the command table and dispatch. The table holds
 * each command's name, overview line and loader, so a command's module (and its SDKs) loads
 * only when it runs. Only this folder and the server print to the terminal.
 *
 * @module
 */
export * from "./args.ts";
export * from "./command.ts";
export * from "./commands.ts";
export * from "./io.ts";
export * from "./run_cli.ts";
