import assert from "node:assert/strict";
import { createRng } from "../../core/rng.ts";
import type { ProcedureStep } from "./tools.ts";
import { taskText } from "./task_text.ts";

const procedure: ProcedureStep[] = [
  { tool: "fetch_records", choices: {}, flags: [] },
  { tool: "validate_schema", choices: {}, flags: [] },
  { tool: "export_report", choices: { destination: "mail_relay" }, flags: [] },
];
const subject = ["invoice summary", "billing digest", "statement of charges"] as const;
const entities = { customer: "Globex", dataset: "DS-1234", region: "eu-west" };

Deno.test("task texts name the goal, the subject and the entities, and vary with the rng", () => {
  const texts = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const { text, variant } = taskText(createRng(i), subject, procedure, entities);
    assert.match(text, /Globex/);
    assert.match(text, /DS-1234/);
    assert.match(text, /eu-west/);
    assert.ok(subject.some((s) => text.includes(s)));
    assert.match(text, /\b(export|deliver|publish|hand over)\b/);
    assert.match(variant, /^t\d+s\d+v\d+$/);
    texts.add(text);
  }
  assert.ok(texts.size > 20);
  assert.deepEqual(
    taskText(createRng(1), subject, procedure, entities),
    taskText(createRng(1), subject, procedure, entities),
  );
});

Deno.test("hints name earlier steps in procedure order", () => {
  for (let i = 0; i < 40; i++) {
    const { text } = taskText(createRng(`h${i}`), subject, procedure, entities);
    const a = text.search(/pull the records|fetch the data|load the rows/);
    const b = text.search(/validate the schema|check the schema|sanity-check the columns/);
    if (a >= 0 && b >= 0) assert.ok(a < b, text);
  }
});
