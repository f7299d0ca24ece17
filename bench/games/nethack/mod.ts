/**
 * NetHack 3.6.6 (Debian `nethack-console`) as a seeded game environment: launch recipe, BALROG
 * action words, screen parsing and BALROG's progression.
 *
 * @module
 */
export * from "./nethack_actions.ts";
export * from "./nethack_env.ts";
export * from "./nethack_launch.ts";
export * from "./nethack_progression.ts";
export * from "./nethack_screen.ts";
