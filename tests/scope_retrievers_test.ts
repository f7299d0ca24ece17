import assert from "node:assert/strict";
import { RETRIEVER_KINDS } from "../core/space.ts";
import { createMemory } from "../memory/create_memory.ts";

const TOPICS = ["invoice", "refund", "shipping", "warranty"];

/** Alice and Bob each hold one lesson per topic, worded alike, so every path could mix them. */
function lessonsOf(user: string): string[] {
  return TOPICS.map((t) => `For a ${t} request by ${user}, check the ${t} record of the customer.`);
}

for (const retrieve of RETRIEVER_KINDS) {
  const store = retrieve === "graph" ? "graph" : "json";
  Deno.test(`${retrieve} retriever on a ${store} store never returns another user's units`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "automem_scope_retrieve_" });
    try {
      await using memory = await createMemory({
        spec: { schema_version: "1", encode: "tip", store, retrieve, manage: "lightweight" },
        dir,
      });
      for (const user of ["alice", "bob"]) {
        for (const text of lessonsOf(user)) {
          await memory.add({ text, user_id: user, metadata: { team: user === "bob" ? "b" : "a" } });
        }
      }
      const query = "customer invoice refund request record";
      const all = await memory.search(query, { k: 8 });
      assert.ok(all.some((h) => h.unit.user_id === "bob"), "unscoped, both users compete");
      for (const user of ["alice", "bob"]) {
        const hits = await memory.search(query, { k: 3, user_id: user });
        assert.ok(hits.length > 0, `${user} gets hits`);
        assert.ok(
          hits.every((h) => h.unit.user_id === user),
          JSON.stringify(hits.map((h) => h.unit.id)),
        );
        const guidance = await memory.beginTask({
          id: `t-${user}`,
          text: query,
          scope: { user_id: user },
        });
        const own = new Set((await memory.list({ user_id: user })).map((u) => u.id));
        assert.ok((guidance?.unit_ids ?? []).every((id) => own.has(id)), `${user}'s guidance`);
      }
      const team = await memory.search(query, { k: 3, metadata: { team: "b" } });
      assert.ok(team.length > 0 && team.every((h) => h.unit.user_id === "bob"));
      if (retrieve === "hybrid") {
        assert.equal((await memory.search(query, { k: 4, user_id: "alice" })).length, 4);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
