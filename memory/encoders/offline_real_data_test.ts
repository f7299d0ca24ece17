/**
 * Offline extraction over the real trajectories and conversations in `<repo>/../shared/data`
 * (skipped when absent): every unit schema-valid, refs pointing at real steps, the provenance
 * gate holding, and workflow literals abstracted.
 */
import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { ENCODE_TYPES } from "../../core/space.ts";
import type { TaskContext, TaskOutcome, Trajectory } from "../../core/trajectory.ts";
import { MemoryUnitSchema } from "../../core/unit.ts";
import { parseContent } from "../unit_content.ts";
import { parseAlfworldFewshot, parseAlfworldReflexion } from "../trajectory_io/alfworld.ts";
import { parseReflexionHotpotLog } from "../trajectory_io/hotpot_reflexion.ts";
import { parseLocomo } from "../trajectory_io/locomo.ts";
import { DATASETS, needsData, sharedDataUrl } from "../trajectory_io/shared_data.ts";
import { createEncoder } from "./create_encoder.ts";
import { isSalient } from "./offline_conversation.ts";
import { shownText } from "../runtime/unit_format.ts";

const encode = createEncoder();
const all = [...ENCODE_TYPES];

interface Episode {
  task: TaskContext;
  trajectory: Trajectory;
  outcome: TaskOutcome;
}

/** Extracts every episode and checks the invariants every unit must hold. */
async function checkAll(episodes: Episode[]) {
  let n = 0;
  const deps = { clock: logicalClock(), newId: () => `u${n++}` };
  const results = [];
  for (const e of episodes) {
    const out = await encode({ ...e, types: all }, deps);
    assert.deepEqual(out.failures, [], e.task.id);
    assert.ok(out.units.length > 0, `${e.task.id}: no units`);
    const refs = new Set(e.trajectory.steps.map((s) => s.ref));
    for (const u of out.units) {
      assert.ok(MemoryUnitSchema.safeParse(u).success, u.id);
      assert.ok(parseContent(u.type, u.content).ok, `${e.task.id} ${u.type}`);
      assert.ok(
        u.source_refs.length > 0 && u.source_refs.every((r) => refs.has(r)),
        `${e.task.id} ${u.type}`,
      );
      if (u.type === "insight") assert.equal(e.outcome.success, false, e.task.id);
      if (u.type === "workflow" || u.type === "shortcut") {
        assert.equal(e.outcome.success, true, e.task.id);
      }
    }
    results.push({ episode: e, units: out.units });
  }
  return results;
}

const QUESTION_WORDS = new Set(
  "which what who whom whose where when why how the and are was were did does has have had for with from that this into"
    .split(" "),
);

Deno.test({
  ...needsData(
    DATASETS.hotpotReflexion,
    "offline extraction of all 498 HotpotQA runs: valid units, real refs, gate held, names abstracted",
  ),
  fn: async () => {
    const parsed = parseReflexionHotpotLog(
      await Deno.readTextFile(sharedDataUrl(DATASETS.hotpotReflexion)),
    );
    assert.ok(parsed.ok);
    const results = await checkAll(parsed.value);
    const insights = results.flatMap((r) => r.units).filter((u) => u.type === "insight");
    assert.equal(insights.length, parsed.value.filter((r) => !r.outcome.success).length);
    for (const { episode, units } of results) {
      const names = (episode.task.text.match(/\p{Lu}[\p{L}'’]{2,}/gu) ?? [])
        .filter((w) => !QUESTION_WORDS.has(w.toLowerCase()));
      for (const u of units.filter((x) => x.type === "workflow")) {
        for (const step of u.content.agent_workflow as { generalized_execution: string }[]) {
          for (const name of names) {
            assert.ok(
              !new RegExp(`\\b${name}\\b`, "i").test(step.generalized_execution),
              `${name} in ${step.generalized_execution}`,
            );
          }
        }
      }
    }
  },
});

const ALFWORLD_WORDS = new Set(
  "put some on in a an the two clean hot cool heat and it look at under examine with them".split(
    " ",
  ),
);

Deno.test({
  ...needsData(
    DATASETS.alfworldFewshot,
    "offline extraction of the 36 ALFWorld demonstrations abstracts the task's objects",
  ),
  fn: async () => {
    const parsed = parseAlfworldFewshot(
      await Deno.readTextFile(sharedDataUrl(DATASETS.alfworldFewshot)),
    );
    assert.ok(parsed.ok);
    const results = await checkAll(parsed.value);
    for (const { episode, units } of results) {
      const objects = (episode.task.text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) =>
        !ALFWORLD_WORDS.has(w)
      );
      assert.ok(objects.length >= 2, episode.task.text);
      const workflow = units.find((u) => u.type === "workflow");
      assert.ok(workflow, episode.task.id);
      const text = (workflow.content.agent_workflow as { generalized_execution: string }[])
        .map((s) => s.generalized_execution).join("\n");
      for (const o of objects) assert.ok(!new RegExp(`\\b${o}\\b`).test(text), `${o} in ${text}`);
    }
  },
});

Deno.test({
  ...needsData(
    DATASETS.alfworldReflexion,
    "offline extraction of the 200 ALFWorld reflexion attempts yields insights with corrections",
  ),
  fn: async () => {
    const parsed = parseAlfworldReflexion(
      await Deno.readTextFile(sharedDataUrl(DATASETS.alfworldReflexion)),
    );
    assert.ok(parsed.ok);
    const results = await checkAll(parsed.value.flatMap((e) => e.attempts));
    const insights = results.flatMap((r) => r.units).filter((u) => u.type === "insight");
    assert.equal(insights.length, 200);
    assert.ok(insights.every((u) => u.is_negative_example));
  },
});

Deno.test({
  ...needsData(
    DATASETS.locomo,
    "LoCoMo sessions yield one fact per salient turn, every unit citing only that session's dia_ids",
  ),
  fn: async () => {
    const parsed = parseLocomo(await Deno.readTextFile(sharedDataUrl(DATASETS.locomo)));
    assert.ok(parsed.ok);
    let n = 0;
    const deps = { clock: logicalClock(), newId: () => `c${n++}` };
    let facts = 0, salient = 0;
    for (const c of parsed.value.conversations) {
      for (const s of c.sessions) {
        const task = { id: s.trajectory.task_id, text: s.trajectory.query };
        const out = await encode({ task, trajectory: s.trajectory, types: all }, deps);
        assert.deepEqual(out.failures, []);
        const ids = new Set(s.trajectory.steps.map((t) => t.ref));
        const turnText = new Map(
          s.trajectory.steps.map((t) => [t.ref, `${t.speaker}: ${(t.text ?? "").trim()}`]),
        );
        for (const u of out.units) {
          assert.ok(u.source_refs.length > 0 && u.source_refs.every((r) => ids.has(r)), u.id);
          const shown = shownText(u).replace(/\s+/g, " ");
          for (const r of u.source_refs) {
            const turn = turnText.get(r)!.replace(/\s+/g, " ");
            assert.ok(shown.includes(turn), `${u.type} ${u.id} cites ${r} it does not show`);
          }
          assert.ok(u.type === "tip" || u.type === "trajectory" || u.type === "shortcut");
          if (u.type === "tip") assert.equal(u.source_refs.length, 1);
        }
        facts += out.units.filter((u) => u.type === "tip").length;
        salient += s.trajectory.steps.filter(isSalient).length;
      }
    }
    assert.equal(facts, salient);
    assert.ok(salient > 5800, `only ${salient} of 5882 turns are salient`);
  },
});
