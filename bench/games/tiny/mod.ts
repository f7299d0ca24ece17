/**
 * The tiny built-in rot-js game for fast tests of the memory agent.
 *
 * @module
 */
export * from "./tiny_game.ts";
