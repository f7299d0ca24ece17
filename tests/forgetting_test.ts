import assert from "node:assert/strict";
import { join } from "node:path";
import { createMemory, fromChatTranscript } from "../mod.ts";
import { simpleSpec } from "../memory/testing/fixtures.ts";

const SECRET = "sk-live-7f3a9c2e51d04b8a";

/** Every file under `dir` whose bytes contain `needle`. */
async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  const bytes = new TextEncoder().encode(needle);
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) hits.push(...await filesContaining(path, needle));
    else if (e.isFile && indexOf(await Deno.readFile(path), bytes) >= 0) hits.push(path);
  }
  return hits;
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

for (const store of ["json", "vector", "hybrid", "graph"] as const) {
  Deno.test(`${store}: after delete no file under the memory directory holds the deleted text`, async () => {
    const dir = await Deno.makeTempDir({ prefix: `automem-forget-${store}-` });
    try {
      await using memory = await createMemory({
        spec: simpleSpec(store),
        dir,
      });
      const kept = await memory.add("Check the map before moving.");
      const lesson = await memory.add(`The deploy key is ${SECRET}, use it for releases.`);
      const messages = [{ role: "user" as const, content: `My API key is ${SECRET}.` }];
      const task = { id: "chat-1", text: `remember ${SECRET}` };
      const end = await memory.ingest(
        task,
        fromChatTranscript(messages, { taskId: "chat-1", query: task.text }),
      );
      assert.equal(end.inserted_ids.length, 1, "the transcript's fact was stored");
      // Updates put more copies of the text into the log before it is forgotten.
      await memory.update(lesson.id, { use_when: ["release"] });
      assert.ok((await filesContaining(dir, SECRET)).length > 0, "the text is on disk before");
      assert.equal(await memory.delete([lesson.id, ...end.inserted_ids]), 2);
      assert.equal(await memory.get(lesson.id), undefined);
      assert.deepEqual((await memory.search(SECRET)).map((r) => r.unit.id), [kept.id]);
      assert.deepEqual(await filesContaining(dir, SECRET), []);
      const audit = await memory.forgotten();
      assert.deepEqual(audit.map((a) => a.id).sort(), [lesson.id, ...end.inserted_ids].sort());
      assert.ok(audit.every((a) => a.reason === "delete" && a.signature.length > 0));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("purge sweeps every deactivated unit off the disk and audits each", async () => {
  const dir = await Deno.makeTempDir({ prefix: "automem-purge-" });
  try {
    await using memory = await createMemory({
      spec: simpleSpec(),
      dir,
    });
    const unit = await memory.add(`Old password ${SECRET}.`);
    await memory.update(unit.id, { is_active: false });
    assert.equal((await memory.get(unit.id))?.is_active, false, "deactivated is kept");
    assert.ok((await filesContaining(dir, SECRET)).length > 0);
    const purged = await memory.purge();
    assert.deepEqual(purged.map((p) => [p.id, p.reason]), [[unit.id, "purge"]]);
    assert.deepEqual(await filesContaining(dir, SECRET), []);
    assert.deepEqual(await memory.purge(), [], "nothing left to purge");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
