import assert from "node:assert/strict";
import { repairAction } from "./action_repair.ts";

const ACTIONS = ["north", "eat", "open", "search", "far east"];

Deno.test("valid actions pass, combined commands are cut to their first word", () => {
  assert.deepEqual(repairAction("North", ACTIONS, "search", "esc"), {
    action: "north",
    repaired: false,
    fallback: false,
  });
  assert.deepEqual(repairAction("far  east", ACTIONS, "search", "esc"), {
    action: "far east",
    repaired: false,
    fallback: false,
  });
  assert.deepEqual(repairAction("eat d", ACTIONS, "search", "esc"), {
    action: "eat",
    repaired: true,
    fallback: false,
  });
  assert.deepEqual(repairAction("open east", ACTIONS, "search", "esc"), {
    action: "open",
    repaired: true,
    fallback: false,
  });
});

Deno.test("missing or unknown actions use the fallback, or the game default when the fallback is unknown", () => {
  assert.deepEqual(repairAction(undefined, ACTIONS, "search", "esc"), {
    action: "search",
    repaired: false,
    fallback: true,
  });
  assert.deepEqual(repairAction("dance", ACTIONS, "wait", "north"), {
    action: "north",
    repaired: false,
    fallback: true,
  });
});
