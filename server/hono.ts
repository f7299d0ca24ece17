/**
 * The one import of Hono, by its full npm specifier (the version is pinned here only): the
 * status server and the scaffold endpoint take the app class, the context type, the SSE helper
 * and the body limit from this file.
 *
 * @module
 */
export { type Context, Hono } from "npm:hono@4.13.19";
export { bodyLimit } from "npm:hono@4.13.19/body-limit";
export { streamSSE } from "npm:hono@4.13.19/streaming";
