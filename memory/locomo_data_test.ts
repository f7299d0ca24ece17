import assert from "node:assert/strict";
import { join } from "node:path";
import { loadLocomo, selectConversations } from "./locomo_data.ts";
import type { LocomoConversation } from "./trajectory_io/locomo.ts";

const three = [{}, {}, {}] as unknown as LocomoConversation[];

Deno.test("selectConversations: all by default, duplicates dropped, out-of-range refused", () => {
  assert.deepEqual(selectConversations(three, undefined), [1, 2, 3]);
  assert.deepEqual(selectConversations(three, [2, 2, 3]), [2, 3]);
  assert.throws(() => selectConversations(three, [4]), /conversations: 4 is not in 1\.\.3/);
  assert.throws(() => selectConversations(three, []), /at least one/);
});

Deno.test("loadLocomo: a file that is not LoCoMo is refused with its path named", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "bad.json");
    await Deno.writeTextFile(path, JSON.stringify([{ sample_id: 1 }]));
    await assert.rejects(() => loadLocomo(path), new RegExp(`invalid LoCoMo file ${path}`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
