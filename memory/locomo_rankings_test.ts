import assert from "node:assert/strict";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { architectureRankings, LOCOMO_RANK_DEPTH } from "./locomo_rankings.ts";
import { parseLocomo } from "./trajectory_io/locomo.ts";
import { simpleSpec } from "./testing/fixtures.ts";

const FILE = [{
  sample_id: "tiny",
  conversation: {
    speaker_a: "Ana",
    speaker_b: "Ben",
    session_1_date_time: "1:00 pm on 8 May, 2023",
    session_1: [
      { speaker: "Ana", dia_id: "D1:1", text: "I adopted a grey kitten called Pixel last week." },
      { speaker: "Ben", dia_id: "D1:2", text: "My pottery class moved to Thursdays." },
    ],
  },
  qa: [{ question: "When did Ana adopt Pixel?", answer: "x", evidence: ["D1:1"], category: 2 }],
}];

Deno.test("architectureRankings: each question's hits carry their turn refs and shown characters; the scratch dir is removed", async () => {
  const parsed = parseLocomo(JSON.stringify(FILE));
  assert.ok(parsed.ok);
  const scratch = await Deno.makeTempDir();
  try {
    const sessions: string[] = [];
    const r = await architectureRankings(
      parsed.value.conversations[0],
      1,
      ["When did Ana adopt Pixel?"],
      {
        spec: simpleSpec(),
        embedder: new HashEmbedder(64),
        clock: logicalClock(),
        scratchDir: scratch,
        onSession: (n, done, total) => sessions.push(`${n}:${done}/${total}`),
      },
    );
    assert.deepEqual(sessions, ["1:1/1"]);
    assert.equal(r.units, 2);
    const [hits] = r.entries;
    assert.ok(hits.length >= 1 && hits.length <= LOCOMO_RANK_DEPTH);
    assert.deepEqual(hits[0].refs, ["D1:1"]);
    assert.equal(hits[0].chars, "Ana: I adopted a grey kitten called Pixel last week.".length);
    assert.deepEqual([...Deno.readDirSync(scratch)], [], "per-conversation memory removed");
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});
