import assert from "node:assert/strict";
import { isAutomemError } from "../core/automem_error.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { fromChatTranscript } from "./chat_transcript.ts";
import { createMemory } from "./create_memory.ts";
import { MemoryInputError } from "./memory_input.ts";

const SPEC = {
  schema_version: "1",
  encode: "tip",
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
};

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "automem_create_memory_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("add, get, list, update and delete work on one memory and survive a reopen", async () => {
  await withDir(async (dir) => {
    let first: string;
    {
      await using memory = await createMemory({ spec: SPEC, dir });
      const lesson = { text: "Check the map before moving.", use_when: ["lost"] };
      const unit = await memory.add(lesson);
      first = unit.id;
      assert.equal(unit.type, "tip");
      assert.equal((await memory.get(first))?.content.principle, "Check the map before moving.");
      const dup = await memory.add({ ...lesson });
      assert.equal(dup.id, first, "an exact duplicate returns the stored unit");
      const updated = await memory.update(first, { content: { principle: "Read the map first." } });
      assert.equal(updated.content.principle, "Read the map first.");
      assert.notEqual(updated.signature, unit.signature);
      assert.equal(updated.embedding?.length, 100);
    }
    await using memory = await createMemory({ spec: SPEC, dir });
    assert.equal((await memory.get(first))?.content.principle, "Read the map first.");
    const second = await memory.add("Doors need keys.");
    assert.notEqual(second.id, first, "a reopened memory never reuses a stored id");
    assert.deepEqual((await memory.list()).map((u) => u.id).sort(), [first, second.id].sort());
    assert.equal(await memory.delete(first), 1);
    assert.deepEqual((await memory.list()).map((u) => u.id), [second.id]);
    assert.equal((await memory.list({ activeOnly: false })).length, 1, "delete forgets for good");
    assert.equal(await memory.get(first), undefined);
    assert.deepEqual((await memory.forgotten()).map((f) => [f.id, f.reason]), [[first, "delete"]]);
  });
});

Deno.test("a task learned from a chat transcript guides the next similar task", async () => {
  await withDir(async (dir) => {
    await using memory = await createMemory({ spec: SPEC, dir });
    const task = { id: "t1", text: "Find the capital of the country where the Danube ends" };
    assert.equal(await memory.beginTask(task), null, "an empty memory gives no guidance");
    const call = (id: string, name: string, args: unknown) => ({
      role: "assistant" as const,
      content: null,
      tool_calls: [{
        id,
        type: "function" as const,
        function: { name, arguments: JSON.stringify(args) },
      }],
    });
    const trajectory = fromChatTranscript([
      { role: "user", content: task.text },
      call("c1", "search", { query: "where does the Danube end" }),
      { role: "tool", tool_call_id: "c1", content: "The Danube ends in the Black Sea in Romania." },
      call("c2", "country_capital", { country: "Romania" }),
      { role: "tool", tool_call_id: "c2", content: "Bucharest" },
      { role: "assistant", content: "Bucharest" },
    ], { taskId: task.id });
    const end = await memory.endTask(task, trajectory, { success: true, score: 1 });
    assert.ok(end.inserted_ids.length > 0, `the finished task was learned: ${JSON.stringify(end)}`);
    const hits = await memory.search("capital where the Danube river ends", { k: 3 });
    assert.ok(hits.length > 0);
    const next = { id: "t2", text: "What is the capital of the country where the Danube ends?" };
    const guidance = await memory.beginTask(next);
    assert.ok(guidance !== null && guidance.unit_ids.length > 0, "the lesson is injected");
  });
});

Deno.test("export and import move a memory; imported ids are never reused", async () => {
  await withDir(async (dir) => {
    let snapshot;
    {
      await using memory = await createMemory({ spec: SPEC, dir: `${dir}/a` });
      await memory.add("Keys open doors.");
      await memory.add("Torches light dark rooms.");
      snapshot = await memory.export();
    }
    await using copy = await createMemory({ spec: SPEC, dir: `${dir}/b` });
    await copy.import(snapshot);
    assert.equal((await copy.list()).length, 2);
    const added = await copy.add("Maps show exits.");
    assert.ok(!snapshot.units.some((u) => u.id === added.id), added.id);
    await assert.rejects(copy.import({} as never), MemoryInputError);
  });
});

Deno.test("bad input is an AutomemError naming the field and reason", async () => {
  await withDir(async (dir) => {
    const badSpec = await createMemory({ spec: { ...SPEC, store: "tape" }, dir }).catch((e) => e);
    assert.ok(badSpec instanceof MemoryInputError && isAutomemError(badSpec, "invalid_spec"));
    assert.equal(badSpec.issues[0].path[0], "store");
    assert.match(badSpec.message, /store/);
    const badPrefix = await createMemory({ spec: SPEC, dir, idPrefix: "a b" }).catch((e) => e);
    assert.ok(isAutomemError(badPrefix, "invalid_argument"));
    await using memory = await createMemory({ spec: SPEC, dir });
    const noText = await memory.add({ text: "" }).catch((e) => e);
    assert.ok(isAutomemError(noText, "invalid_unit"), String(noText));
    const missing = await memory.update("nope", { is_active: false }).catch((e) => e);
    assert.ok(isAutomemError(missing, "not_found"));
    const range = await memory.update("nope", { confidence: 2 }).catch((e) => e);
    assert.ok(isAutomemError(range));
  });
});

Deno.test("a closed memory refuses further calls", async () => {
  await withDir(async (dir) => {
    const memory = await createMemory({ spec: SPEC, dir });
    await memory[Symbol.asyncDispose]();
    await assert.rejects(memory.search("x"), /closed/);
  });
});

Deno.test("errors a caller can cause are AutomemErrors with codes: k, snapshot units, directory, embedder", async () => {
  await withDir(async (dir) => {
    {
      await using memory = await createMemory({ spec: SPEC, dir });
      await memory.add("Keep receipts.");
      const k = await memory.search("x", { k: 0 }).catch((e) => e);
      assert.ok(isAutomemError(k, "invalid_argument"), String(k));
      const badImport = await memory.import({ units: [{ id: 1 } as never], edges: [] })
        .catch((e) => e);
      assert.ok(isAutomemError(badImport, "invalid_unit"), String(badImport));
      assert.match(badImport.message, /units\.0\.id/, "names the field");
    }
    await Deno.writeTextFile(`${dir}/file`, "x");
    const notDir = await createMemory({ spec: SPEC, dir: `${dir}/file` }).catch((e) => e);
    assert.ok(isAutomemError(notDir, "invalid_dir"), String(notDir));
    const other = { id: "other-embedder", dim: 384, embed: new HashEmbedder().embed };
    const mismatch = await createMemory({ spec: SPEC, dir, embedder: other }).catch((e) => e);
    assert.ok(isAutomemError(mismatch, "embedder_mismatch"), String(mismatch));
    assert.match(mismatch.message, /other-embedder/);
  });
});
