import assert from "node:assert/strict";
import { isAutomemError } from "../../core/automem_error.ts";
import {
  crawlAvailable,
  createGameEnv,
  gameEnvIds,
  gameUnavailableReason,
  nethackAvailable,
} from "./env_registry.ts";

Deno.test("game registry: nethack and crawl are registered", () => {
  assert.deepEqual(gameEnvIds().slice(0, 2), ["nethack", "crawl"]);
});

Deno.test("game registry: an unknown game is a game_option error naming the known ones", async () => {
  assert.match(gameUnavailableReason("chess") ?? "", /unknown game 'chess'.*nethack, crawl/);
  await assert.rejects(
    () => createGameEnv("chess"),
    (e) => isAutomemError(e, "game_option") && /nethack, crawl/.test(e.message),
  );
});

Deno.test("game registry: the probes agree with the reasons", () => {
  assert.equal(nethackAvailable().ok, gameUnavailableReason("nethack") === undefined);
  assert.equal(crawlAvailable().ok, gameUnavailableReason("crawl") === undefined);
});
