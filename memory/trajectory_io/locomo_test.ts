import assert from "node:assert/strict";
import { parseLocomo } from "./locomo.ts";
import { DATASETS, needsData, sharedDataUrl } from "./shared_data.ts";

function sample(evidence: string[]) {
  return [{
    sample_id: "conv-x",
    conversation: {
      speaker_a: "Ann",
      speaker_b: "Bo",
      session_1_date_time: "1:00 pm on 8 May, 2023",
      session_1: [
        { speaker: "Ann", dia_id: "D1:1", text: "I adopted a dog." },
        { speaker: "Bo", dia_id: "D1:2", text: "Look!", blip_caption: "a photo of a cat" },
      ],
      session_2_date_time: "2:00 pm on 9 May, 2023",
      session_2: [{ speaker: "Ann", dia_id: "D2:5", text: "Hi" }],
      session_3_date_time: "never held",
    },
    qa: [
      { question: "What did Ann adopt?", answer: "a dog", evidence, category: 4 },
      { question: "What did Bo buy?", adversarial_answer: 7, evidence: [], category: 5 },
    ],
  }];
}

Deno.test("sessions become turn trajectories with dia_id refs, dates and image captions", () => {
  const r = parseLocomo(sample(["D1:1"]));
  assert.ok(r.ok);
  const [c] = r.value.conversations;
  assert.deepEqual(c.speakers, ["Ann", "Bo"]);
  assert.equal(c.sessions.length, 2);
  const [t1, t2] = c.sessions[0].trajectory.steps;
  assert.deepEqual([t1.ref, t1.kind, t1.speaker], ["D1:1", "turn", "Ann"]);
  assert.equal(t2.text, "Look! [image: a photo of a cat]");
  assert.deepEqual(t2.meta, { date: "1:00 pm on 8 May, 2023", session: 1 });
  assert.equal(c.sessions[0].trajectory.task_id, "conv-x/session_1");
  const [q, adv] = c.questions;
  assert.deepEqual([q.id, q.answer, q.evidence, q.evidence_complete], ["conv-x/q0", "a dog", [
    "D1:1",
  ], true]);
  assert.deepEqual([adv.answer, adv.adversarial_answer, adv.evidence_complete], [
    undefined,
    "7",
    false,
  ]);
});

Deno.test("malformed evidence is split, repaired when the id exists, else skipped and reported", () => {
  const r = parseLocomo(sample(["D1:1; D2:5", "D2:05", "D:1:2", "D9:9", "D"]));
  assert.ok(r.ok);
  const q = r.value.conversations[0].questions[0];
  assert.deepEqual(q.evidence, ["D1:1", "D2:5", "D1:2"]);
  assert.equal(q.evidence_complete, false);
  assert.deepEqual(r.value.repaired.map((n) => [n.raw, n.detail]), [["D2:05", "D2:5"], [
    "D:1:2",
    "D1:2",
  ]]);
  assert.deepEqual(r.value.skipped.map((n) => n.raw), ["D9:9", "D"]);
});

Deno.test("a bad turn or missing speaker is reported with its path", () => {
  const bad = sample([]);
  (bad[0].conversation.session_1[0] as { dia_id: string }).dia_id = "X1";
  const r = parseLocomo(bad);
  assert.equal(r.ok, false);
  if (!r.ok) assert.deepEqual(r.issues[0].path, [0, "conversation", "session_1", 0, "dia_id"]);
  const noSpeaker = sample([]) as unknown as { conversation: Record<string, unknown> }[];
  delete noSpeaker[0].conversation.speaker_b;
  const s = parseLocomo(noSpeaker);
  assert.equal(s.ok, false);
  if (!s.ok) assert.deepEqual(s.issues[0].path, [0, "conversation", "speaker_b"]);
});

const LOCOMO = DATASETS.locomo;
Deno.test({
  ...needsData(
    LOCOMO,
    "real LoCoMo parses into 10 conversations, 272 sessions, 5,882 turns and 1,986 questions",
  ),
  fn: async () => {
    const r = parseLocomo(await Deno.readTextFile(sharedDataUrl(LOCOMO)));
    assert.ok(r.ok, JSON.stringify(!r.ok && r.issues.slice(0, 3)));
    const convs = r.value.conversations;
    assert.equal(convs.length, 10);
    assert.equal(convs.reduce((n, c) => n + c.sessions.length, 0), 272);
    const turns = convs.flatMap((c) => c.sessions.flatMap((s) => s.trajectory.steps));
    assert.equal(turns.length, 5882);
    assert.ok(turns.every((t) => /^D\d+:\d+$/.test(t.ref) && t.kind === "turn"));
    const questions = convs.flatMap((c) => c.questions);
    assert.equal(questions.length, 1986);
    assert.deepEqual(r.value.repaired.map((n) => n.detail), ["D11:26", "D30:5"]);
    assert.deepEqual(r.value.skipped.map((n) => n.raw), ["D10:19", "D", "D4:36"]);
    assert.equal(questions.filter((q) => q.evidence_complete).length, 1979);
    for (const c of convs) {
      const ids = new Set(c.sessions.flatMap((s) => s.trajectory.steps.map((t) => t.ref)));
      for (const q of c.questions) assert.ok(q.evidence.every((e) => ids.has(e)), q.id);
    }
  },
});
