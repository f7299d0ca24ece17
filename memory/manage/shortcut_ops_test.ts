import assert from "node:assert/strict";
import { shortcutProblems, shortcutPromotion, shortcutValidation } from "./shortcut_ops.ts";
import { makeUnit, MemoryStoreDouble, opContext, runOp } from "./testing/mod.ts";

const valid = () => ({
  name: "lookup_stat",
  description: "Find a statistic of an entity and compute a value from it",
  precondition: "The task names <TARGET_ENTITY>",
  input_schema: [
    { name: "TARGET_ENTITY", type: "string", description: "who" },
    { name: "<METRIC_NAME>", type: "string", description: "what" },
  ],
  test_invocation: { "<TARGET_ENTITY>": "x", METRIC_NAME: "y" },
  action_sequence: [
    {
      step: 1,
      intent: "search",
      tool_call: { tool_name: "web_search", args_pattern: "<TARGET_ENTITY> <METRIC_NAME>" },
    },
    {
      step: 2,
      intent: "compute <COMPUTED_VALUE>",
      tool_call: { tool_name: "code_interpreter", args_pattern: "calc()" },
    },
    {
      step: 3,
      intent: "answer",
      tool_call: { tool_name: "final_answer", args_pattern: "<COMPUTED_VALUE>" },
    },
  ],
  use_when: ["a statistic of <TARGET_ENTITY> is asked"],
});

Deno.test("shortcutProblems accepts a well-formed macro", () => {
  assert.deepEqual(shortcutProblems(valid()), []);
});

Deno.test("shortcutProblems names each broken rule", () => {
  const check = (edit: (c: ReturnType<typeof valid>) => void, pattern: RegExp) => {
    const c = valid();
    edit(c);
    const problems = shortcutProblems(c);
    assert.ok(
      problems.some((p) => pattern.test(p)),
      `${pattern} not in ${JSON.stringify(problems)}`,
    );
  };
  check((c) => (c.name = ""), /^name: missing/);
  check((c) => (c.action_sequence = []), /action_sequence: missing or empty/);
  check((c) => (c.action_sequence[0].tool_call.tool_name = "bash"), /tool vocabulary/);
  check((c) => (c.action_sequence[0].tool_call.args_pattern = "<target>"), /not <UPPER_SNAKE>/);
  check(
    (c) => (c.action_sequence[0].tool_call.args_pattern = "<TARGET_ENTITY> <UNIT>"),
    /<UNIT> is not declared/,
  );
  check((c) => (c.action_sequence[1].intent = "compute"), /<COMPUTED_VALUE> is not declared/);
  check(
    (c) => (c.action_sequence[0].tool_call.args_pattern = "<TARGET_ENTITY>"),
    /METRIC_NAME is declared but never used/,
  );
  check((c) => (c.precondition = "needs <DATE_RANGE>"), /precondition: placeholder <DATE_RANGE>/);
  check((c) => (c.test_invocation = { TARGET_ENTITY: "x" } as never), /test_invocation/);
});

Deno.test("shortcut_validation tags each untagged shortcut once", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("ok", { type: "shortcut", content: valid() }),
    makeUnit("bad", { type: "shortcut", content: { name: "x" } }),
    makeUnit("tip", { text: "not a shortcut" }),
  ]);
  const out = await runOp(shortcutValidation, opContext(store, { trigger: "on_insert" }));
  assert.equal(out.affected, 2);
  assert.deepEqual((await store.get("ok"))!.applicable_task_types, ["tool_valid"]);
  assert.deepEqual((await store.get("bad"))!.applicable_task_types, ["tool_invalid"]);
  assert.equal((await runOp(shortcutValidation, opContext(store))).triggered, false);
});

Deno.test("shortcut_promotion boosts valid used shortcuts without counting usage again", async () => {
  const store = new MemoryStoreDouble();
  await store.add([
    makeUnit("s", {
      type: "shortcut",
      content: valid(),
      applicable_task_types: ["tool_valid"],
      usage_count: 3,
      success_count: 3,
      confidence: 0.5,
    }),
    makeUnit("u", {
      type: "shortcut",
      content: { name: "u" },
      applicable_task_types: ["tool_invalid"],
      confidence: 0.5,
    }),
  ]);
  const task = (succeeded: boolean) => ({ succeeded, used_unit_ids: ["s", "u"] });
  assert.equal(
    (await runOp(shortcutPromotion, opContext(store, { task: task(false) }))).triggered,
    false,
  );
  const out = await runOp(shortcutPromotion, opContext(store, { task: task(true) }));
  assert.equal(out.affected, 1);
  const s = (await store.get("s"))!;
  assert.equal(s.usage_count, 3);
  assert.equal(s.success_count, 3);
  assert.ok(Math.abs(s.confidence - 0.6) < 1e-12);
  assert.deepEqual(s.applicable_task_types, ["tool_valid", "promoted"]);
  assert.equal((await store.get("u"))!.confidence, 0.5);
  await runOp(shortcutPromotion, opContext(store, { task: task(true) }));
  assert.deepEqual((await store.get("s"))!.applicable_task_types, ["tool_valid", "promoted"]);
});
