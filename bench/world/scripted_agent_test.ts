import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { createRng } from "../../core/rng.ts";
import { TrajectorySchema } from "../../core/trajectory.ts";
import { TaskResultSchema } from "../benchmark_port.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { createWorldBenchmark } from "./benchmark.ts";
import type { WorldTask } from "./generator.ts";
import { toolSpec } from "./tools.ts";

const deps = () => ({ clock: logicalClock(), rng: createRng(1) });

/** The procedure written the way the offline workflow encoder writes it. */
function workflowText(t: WorldTask): string {
  return "WORKFLOW [general]\n" + t.procedure.map((s) => {
    const vals = toolSpec(s.tool).args.flatMap((a) =>
      a.kind === "entity"
        ? ["<TARGET_ENTITY_1>"]
        : a.kind === "choice"
        ? [s.choices[a.name]]
        : s.flags.includes(a.name)
        ? ["true"]
        : []
    );
    return `- ${s.tool}[${vals.join(", ")}]`;
  }).join("\n");
}

const bench = createWorldBenchmark({ seed: 4 });
const level3 = bench.tasks().filter((t) => t.level === 3);

Deno.test("without memory the agent explores and fails some level-3 task; the right workflow solves it in one pass", async () => {
  let failing: string | undefined;
  for (const t of level3) {
    const r = await bench.runTask(t, new CannedProvider(), deps());
    if (!r.success) {
      failing = t.id;
      assert.ok(r.steps > bench.worldTask(t.id)!.procedure.length);
      assert.ok(r.score < 0.5, "partial credit stays below half");
      break;
    }
  }
  assert.ok(failing, "some level-3 task is too hard without memory");
  const wt = bench.worldTask(failing)!;
  const provider = new CannedProvider({
    begin: () => ({
      text: workflowText(wt),
      units: [{ id: "w", type: "workflow", text: workflowText(wt) }],
    }),
  });
  const task = bench.tasks().find((t) => t.id === failing)!;
  const r = await bench.runTask(task, provider, deps());
  assert.equal(r.success, true);
  assert.equal(r.score, 1);
  assert.equal(r.steps, wt.procedure.length);
  assert.equal(r.metrics!.followed_memory, 1);
  assert.equal(provider.calls.refresh.length, 0, "no error, no refresh");
});

Deno.test("refresh is asked once, at the first error, with the progress so far", async () => {
  const t = level3[0];
  const wt = bench.worldTask(t.id)!;
  const provider = new CannedProvider({
    refresh: () => ({
      text: workflowText(wt),
      units: [{ id: "w", type: "workflow", text: workflowText(wt) }],
    }),
  });
  const r = await bench.runTask(t, provider, deps());
  assert.equal(provider.calls.refresh.length, 1);
  const { progress } = provider.calls.refresh[0];
  assert.match(progress, /error\(/);
  assert.equal(progress.split("\n").length, 1, "the boundary is the first failed call");
  assert.equal(r.success, true, "the refreshed workflow is followed from where the agent stands");
  assert.equal(r.metrics!.refreshed, 1);
});

Deno.test("endTask gets a real trajectory and outcome; the result validates", async () => {
  const provider = new CannedProvider();
  const t = bench.tasks()[0];
  const r = await bench.runTask(t, provider, deps());
  assert.equal(TaskResultSchema.safeParse(r).success, true);
  const end = provider.calls.end[0];
  assert.equal(TrajectorySchema.safeParse(end.trajectory).success, true);
  end.trajectory.steps.forEach((s, i) => {
    assert.equal(s.ref, `step:${i}`);
    assert.equal(s.kind, "action");
    assert.equal(typeof s.tool, "string");
    assert.equal(s.error, /^error\(/.test(s.observation!));
  });
  assert.equal(end.outcome.success, r.success);
  assert.equal(end.outcome.score, r.score);
  assert.equal(end.task.id, t.id);
  assert.deepEqual(
    end.task.metadata,
    { benchmark: "world" },
    "the hidden procedure never reaches memory",
  );
  if (!r.success) assert.match(end.outcome.failure_reason!, /steps done/);
});

Deno.test("injected memory is charged on every later step", async () => {
  const t = bench.tasks()[1];
  const bare = await bench.runTask(t, new CannedProvider(), deps());
  const noise = "memory text that does not help ".repeat(20);
  const withMemory = await bench.runTask(
    t,
    new CannedProvider({ begin: () => ({ text: noise }) }),
    deps(),
  );
  assert.equal(withMemory.steps, bare.steps, "unhelpful memory does not change the play");
  const tokens = Math.ceil(noise.length / 4);
  assert.equal(withMemory.memory_tokens, tokens * withMemory.steps);
  assert.equal(withMemory.tokens.task.prompt - bare.tokens.task.prompt, tokens * withMemory.steps);
  assert.equal(bare.memory_tokens, 0);
});

Deno.test("cited units' stored text is read and charged", async () => {
  const t = level3[1];
  const wt = bench.worldTask(t.id)!;
  const stored = workflowText(wt);
  // The guidance hides the steps; only the cited unit's stored text has them.
  const provider = new CannedProvider({
    begin: () => ({
      text: "WORKFLOW [general] (steps hidden) [memory:w]",
      units: [{ id: "w", type: "workflow", text: stored }],
    }),
  });
  const r = await bench.runTask(t, provider, deps());
  assert.equal(r.success, true);
  const perStep = Math.ceil("WORKFLOW [general] (steps hidden) [memory:w]".length / 4) +
    Math.ceil(stored.length / 4);
  assert.equal(r.memory_tokens, perStep * r.steps);
});

Deno.test("a failing provider is reported and the task still scored", async () => {
  const provider = new CannedProvider({
    begin: () => {
      throw new Error("store offline");
    },
  });
  const r = await bench.runTask(bench.tasks()[2], provider, deps());
  assert.match(r.error!, /beginTask failed: store offline/);
  assert.ok(r.steps > 0);
});
