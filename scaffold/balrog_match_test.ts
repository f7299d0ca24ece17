import assert from "node:assert/strict";
import { continuationOf, continues, normalizeAction, observationBody } from "./balrog_match.ts";

Deno.test("a request continues the session whose last action and observation it repeats", () => {
  const current =
    "Current Observation:\ninventory:\na - sword\n\nmessage:\nhello\n\nmap:\n..@..\n\nRULE";
  const messages = [
    { role: "user", content: "instruction" },
    { role: "user", content: "Observation:\nmessage:\nhello\n\nmap:\n..@..\n" },
    { role: "assistant", content: "far east" },
    { role: "user", content: "Current Observation:\nmessage:\nnext" },
  ];
  const evidence = continuationOf(messages)!;
  assert.deepEqual(evidence, { action: "far east", observation: "message:\nhello\n\nmap:\n..@.." });
  assert.ok(continues({ lastAction: "far east", lastObservation: current, busy: false }, evidence));
  assert.ok(!continues({ lastAction: "west", lastObservation: current, busy: false }, evidence));
  assert.ok(
    !continues({ lastAction: "far east", lastObservation: "other", busy: false }, evidence),
  );
  assert.ok(!continues({ lastAction: "far east", lastObservation: current, busy: true }, evidence));
  assert.equal(continuationOf([{ role: "user", content: "x" }]), undefined);
});

Deno.test("actions compare as BALROG filters replies; the observation header is dropped", () => {
  assert.equal(normalizeAction("  Far East!\n"), "far east");
  assert.equal(observationBody("Observation:\nmessage:\nx\n"), "message:\nx");
  assert.equal(observationBody("no header"), "no header");
});
