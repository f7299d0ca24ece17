import assert from "node:assert/strict";
import { ScriptedModel } from "../../core/scripted_model.ts";
import { trajectoryToWorkflow } from "./trajectory_to_workflow.ts";
import { makeUnit, MemoryStoreDouble, opContext, runOp } from "./testing/mod.ts";

const traj = (id: string, usage: number, success: number) =>
  makeUnit(id, {
    type: "trajectory",
    usage_count: usage,
    success_count: success,
    confidence: 0.8,
    source_refs: ["step:0", "step:1"],
    content: {
      key_decision: `decision ${id}`,
      steps: [
        { action: 'web_search("Oslo museum hours")', observation: "Opening hours page" },
        { action: "final_answer(17)", observation: "" },
      ],
    },
  });

async function fixture(kind: "json" | "graph" = "json") {
  const store = new MemoryStoreDouble({ kind });
  await store.add([traj("proven", 4, 3), traj("rare", 2, 2), traj("flaky", 10, 5)]);
  return store;
}

Deno.test("trajectory_to_workflow (offline) abstracts proven trajectories once", async () => {
  const store = await fixture();
  const out = await runOp(trajectoryToWorkflow, opContext(store));
  assert.deepEqual(out, { triggered: true, created: 1, affected: 1 });
  const [wf] = await store.list({ types: ["workflow"] });
  assert.equal(wf.content.source_trajectory_id, "proven");
  assert.equal(wf.source_task_id, "task-proven");
  assert.equal(wf.confidence, 0.8);
  assert.deepEqual(wf.source_refs, ["step:0", "step:1"]);
  assert.deepEqual(wf.relations.map((r) => `${r.relation_type}:${r.target_id}`), [
    "depends:proven",
  ]);
  assert.equal((wf.content.agent_workflow as unknown[]).length, 2);
  assert.ok(!JSON.stringify(wf.content).includes("Oslo"));
  assert.equal((await store.get("proven"))!.decay_weight, 0.5);
  const again = await runOp(trajectoryToWorkflow, opContext(store));
  assert.equal(again.triggered, false, "a workflow already depends on it");
});

Deno.test("trajectory_to_workflow never re-creates a workflow that was pruned", async () => {
  const store = await fixture();
  await runOp(trajectoryToWorkflow, opContext(store));
  const [wf] = await store.list({ types: ["workflow"] });
  await store.remove([wf.id]);
  assert.equal((await runOp(trajectoryToWorkflow, opContext(store))).triggered, false);
});

Deno.test("trajectory_to_workflow uses the model's steps, and the offline abstraction on a bad reply", async () => {
  const reply = {
    agent_workflow: [{
      step: 1,
      action: "Search the venue",
      rationale: "find hours",
      generalized_execution: "web_search(<TARGET_ENTITY> hours)",
    }],
    search_workflow: [],
  };
  const store = await fixture("graph");
  await store.graph!.linkEntities("proven", [{ type: "tool", name: "web_search" }]);
  const model = new ScriptedModel({ replies: [reply] });
  const out = await runOp(trajectoryToWorkflow, opContext(store, { model }));
  assert.equal(out.created, 1);
  assert.match(model.calls[0].messages[0].content, /reused 4 times with a success rate of 0\.75/);
  const [wf] = await store.list({ types: ["workflow"] });
  assert.deepEqual(wf.content.agent_workflow, reply.agent_workflow);
  assert.equal(wf.extraction_model, "scripted");
  const edges = (await store.graph!.neighbours(`m:${wf.id}`)).map((n) => `${n.type}:${n.node}`);
  assert.ok(edges.includes("DEPENDS:m:proven"));
  assert.ok(edges.includes("HAS_ENTITY:e:tool:web_search"));

  const store2 = await fixture();
  const bad = new ScriptedModel({ replies: [{ agent_workflow: [], search_workflow: [] }] });
  const out2 = await runOp(trajectoryToWorkflow, opContext(store2, { model: bad }));
  assert.equal(out2.created, 1);
  assert.match(out2.error!, /offline abstraction used: schema/);
  const [wf2] = await store2.list({ types: ["workflow"] });
  assert.equal(wf2.extraction_model, "offline");
  assert.equal((wf2.content.agent_workflow as unknown[]).length, 2);
});
