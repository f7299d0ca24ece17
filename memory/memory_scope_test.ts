import assert from "node:assert/strict";
import { isAutomemError } from "../core/automem_error.ts";
import { createMemory } from "./create_memory.ts";

const SPEC = {
  schema_version: "1",
  encode: "tip",
  store: "json",
  retrieve: "hybrid",
  manage: "lightweight",
};

const LESSONS = [
  "Ask for the invoice number before searching invoices.",
  "Check the invoice date against the contract.",
  "Invoices over 100 dollars need a manager's approval.",
  "Send the invoice copy to the billing address on file.",
];

Deno.test("library: two users' lessons stay apart in add, search, list, get and guidance, across reopen", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_scope_" });
  try {
    {
      await using memory = await createMemory({ spec: SPEC, dir });
      for (const text of LESSONS) await memory.add({ text, user_id: "alice", metadata: { n: 1 } });
      const bob = await memory.add({ text: "Invoices go to Bob's desk first.", user_id: "bob" });
      // The same lesson for Bob is Bob's own unit, never Alice's.
      const twin = await memory.add({ text: LESSONS[0], user_id: "bob" });
      assert.equal(twin.user_id, "bob");
      assert.notEqual(twin.id, (await memory.list({ user_id: "alice" }))[0].id);
      const hits = await memory.search("invoice number", { k: 2, user_id: "bob" });
      assert.deepEqual(hits.map((h) => h.unit.id).sort(), [bob.id, twin.id].sort());
      const alice = await memory.search("invoice", { k: 4, user_id: "alice", metadata: { n: 1 } });
      assert.equal(alice.length, 4, "k results when k units of the scope exist");
      assert.ok(alice.every((h) => h.unit.user_id === "alice"));
      const guidance = await memory.beginTask({
        id: "t1",
        text: "Find the invoice for ACME",
        scope: { user_id: "bob" },
      });
      assert.ok(guidance, "Bob gets guidance from his own units");
      const allowed = new Set([bob.id, twin.id]);
      assert.ok(guidance.unit_ids.every((id) => allowed.has(id)), guidance.unit_ids.join(","));
    }
    await using reopened = await createMemory({ spec: SPEC, dir, scope: { user_id: "bob" } });
    const bobs = await reopened.list();
    assert.equal(bobs.length, 2);
    assert.ok(bobs.every((u) => u.user_id === "bob"));
    const aliceId = (await reopened.list({ user_id: "alice" }))[0].id;
    assert.equal(await reopened.get(aliceId), undefined, "outside the default scope");
    assert.equal(await reopened.delete(aliceId), 0, "a scoped handle cannot forget Alice's unit");
    const added = await reopened.add({ text: "Bob's default scope lesson", project: "p1" });
    assert.equal(added.user_id, "bob");
    assert.equal(added.project, "p1");
    const moved = await reopened.update(added.id, { metadata: { tag: "x" } });
    assert.deepEqual(moved.metadata, { tag: "x" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("library: bad scope values are refused with invalid_scope naming the field", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem_scope_" });
  try {
    await assert.rejects(
      createMemory({ spec: SPEC, dir, scope: { user_id: "" } }),
      (e: unknown) => isAutomemError(e, "invalid_scope") && /scope\.user_id/.test(e.message),
    );
    await using memory = await createMemory({ spec: SPEC, dir });
    await assert.rejects(
      memory.add({ text: "x", metadata: { nested: { a: 1 } as unknown as string } }),
      (e: unknown) =>
        isAutomemError(e, "invalid_scope") && /lesson\.metadata\.nested/.test(e.message),
    );
    await assert.rejects(
      memory.search("x", { project: "x".repeat(200) }),
      (e: unknown) => isAutomemError(e, "invalid_scope") && /search\.project/.test(e.message),
    );
    assert.equal((await memory.list()).length, 0, "nothing was stored");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
