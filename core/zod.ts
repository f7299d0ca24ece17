/**
 * The one import of zod, by its full npm specifier.
 *
 * Every module imports `z` from here instead of the bare `"zod"`, so a program outside the
 * checkout can import automem without the checkout's import map (deno.json).
 *
 * @module
 */
export { z } from "npm:zod@4.6.7";
