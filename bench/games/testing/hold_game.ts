/**
 * Test helper run as a subprocess: starts game `Deno.args[0]` with seed `Deno.args[1]`, plays
 * one step, prints `ready`, then waits forever, so a test can SIGKILL this process and check
 * that nothing of the game survives it.
 *
 * @module
 */
import { createGameEnv } from "../env_registry.ts";

const env = await createGameEnv(Deno.args[0]);
await env.reset(Number(Deno.args[1] ?? "1"));
await env.step(env.defaultAction);
console.log("ready");
await new Promise(() => {});
