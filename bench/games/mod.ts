/**
 * Turn-based games behind one port (`GameEnv`): real NetHack and Dungeon Crawl under a pty, and
 * the registry that builds them by id.
 *
 * @module
 */
export * from "./compass.ts";
export * from "./crawl/mod.ts";
export * from "./env_registry.ts";
export * from "./game_errors.ts";
export * from "./game_port.ts";
export * from "./nethack/mod.ts";
export * from "./pty/mod.ts";
export * from "./pty_game_env.ts";
