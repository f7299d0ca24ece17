import assert from "node:assert/strict";
import { BenchConfigError } from "../errors.ts";
import {
  generateFamilies,
  generateTasks,
  WORLD_DEFAULTS,
  worldConfig,
  type WorldTask,
} from "./generator.ts";
import { findEntities } from "./lexicon.ts";
import { FLAG_TOOLS, GOAL_TOOLS, TOOLS, toolSpec } from "./tools.ts";

const cfg = (seed: number, extra = {}) => worldConfig({ seed, ...extra });
const tools = (t: WorldTask) => t.procedure.map((s) => s.tool);

Deno.test("the same seed generates identical tasks and different seeds differ", () => {
  const a = generateTasks(cfg(7));
  const b = generateTasks(cfg(7));
  const c = generateTasks(cfg(8));
  assert.deepEqual(a, b);
  assert.notDeepEqual(a.map((t) => t.text), c.map((t) => t.text));
  assert.notDeepEqual(
    generateFamilies(cfg(7)).map((f) => f.procedure),
    generateFamilies(cfg(8)).map((f) => f.procedure),
  );
});

Deno.test("task ids are unique and rows follow the task order", () => {
  const tasks = generateTasks(cfg(1));
  assert.equal(tasks.length, WORLD_DEFAULTS.families * WORLD_DEFAULTS.tasksPerFamily);
  assert.equal(new Set(tasks.map((t) => t.id)).size, tasks.length);
  tasks.forEach((t, i) => assert.equal(t.row, i));
});

Deno.test("families of a cluster share their two-call prefix and goal but differ after it", () => {
  for (const seed of [1, 2, 3]) {
    const fams = generateFamilies(cfg(seed));
    for (let c = 0; c < 4; c++) {
      const sib = fams.filter((f) => f.cluster === c);
      assert.equal(sib.length, 3);
      const prefixes = sib.map((f) => f.procedure.slice(0, 2).map((s) => [s.tool, s.choices]));
      assert.deepEqual(prefixes[1], prefixes[0]);
      assert.deepEqual(prefixes[2], prefixes[0]);
      const goals = new Set(sib.map((f) => f.procedure.at(-1)!.tool));
      assert.equal(goals.size, 1);
      assert.ok(GOAL_TOOLS.includes([...goals][0] as typeof GOAL_TOOLS[number]));
      const rest = new Set(sib.map((f) => JSON.stringify(f.procedure.slice(2))));
      assert.equal(rest.size, 3, "siblings must diverge after the prefix");
    }
  }
});

Deno.test("levels set the procedure length: 3-4, 5-6 and 7-8 calls", () => {
  const fams = generateFamilies(cfg(5, { families: 24, drift: false }));
  const range: Record<number, [number, number]> = { 1: [3, 4], 2: [5, 6], 3: [7, 8] };
  for (const f of fams) {
    const [lo, hi] = range[f.level];
    assert.ok(
      f.procedure.length >= lo && f.procedure.length <= hi,
      `${f.id} L${f.level} has ${f.procedure.length}`,
    );
    assert.equal(new Set(f.procedure.map((s) => s.tool)).size, f.procedure.length, "no tool twice");
  }
});

Deno.test("the trap flag is set on a prefix tool at level 3 only", () => {
  const fams = generateFamilies(cfg(9, { families: 12, drift: false }));
  for (const f of fams) {
    const flagged = f.procedure.filter((s) => s.flags.length > 0);
    if (f.level === 3) {
      assert.equal(flagged.length, 1);
      assert.ok(f.procedure.slice(0, 2).includes(flagged[0]));
      assert.ok((FLAG_TOOLS as readonly string[]).includes(flagged[0].tool));
    } else assert.equal(flagged.length, 0);
  }
});

Deno.test("drift changes the procedure of drifting families from the drift row on", () => {
  const config = cfg(3);
  const fams = generateFamilies(config);
  const drifting = fams.filter((f) => f.drifted !== null);
  assert.equal(drifting.length, 4);
  for (const f of drifting) {
    assert.notDeepEqual(f.drifted, f.procedure);
    assert.ok(f.drifted!.length <= 8 && f.drifted!.length >= f.procedure.length);
    assert.notDeepEqual(
      f.drifted!.at(-1)!.choices,
      f.procedure.at(-1)!.choices,
      "the goal argument changes",
    );
  }
  const tasks = generateTasks(config, fams);
  const driftRow = Math.floor(0.5 * tasks.length);
  for (const t of tasks) {
    const f = fams.find((x) => x.id === t.family)!;
    assert.equal(t.drifted, f.drifted !== null && t.row >= driftRow);
    assert.deepEqual(t.procedure, t.drifted ? f.drifted : f.procedure);
  }
  assert.ok(generateFamilies(cfg(3, { drift: false })).every((f) => f.drifted === null));
});

Deno.test("task texts vary wording, name the entities the procedure needs and never a choice value", () => {
  const tasks = generateTasks(cfg(11));
  const values = TOOLS.flatMap((t) =>
    t.args.flatMap((a) => a.kind === "choice" ? [...a.values] : [])
  );
  for (const t of tasks) {
    for (const v of values) {
      assert.ok(!new RegExp(`\\b${v}\\b`).test(t.text), `'${v}' in ${t.text}`);
    }
    assert.deepEqual(findEntities(t.text), t.entities);
    const needs = new Set(
      t.procedure.flatMap((s) =>
        toolSpec(s.tool).args.flatMap((a) => a.kind === "entity" ? [a.entity] : [])
      ),
    );
    for (const kind of needs) assert.ok(t.entities[kind], `${t.id} lacks ${kind}`);
  }
  const family = tasks.filter((t) => t.family === "f00");
  assert.ok(
    new Set(family.map((t) => t.variant)).size >= 5,
    "a family's tasks use several wordings",
  );
  assert.ok(new Set(family.map((t) => t.entities.customer)).size >= 5, "and several customers");
});

Deno.test("budgets grow with the level and always exceed the procedure", () => {
  for (const t of generateTasks(cfg(2))) {
    assert.equal(t.budget, t.procedure.length + 2 + 3 * t.level);
    assert.deepEqual(tools(t).length, t.procedure.length);
  }
});

Deno.test("bad options raise a typed error naming the field", () => {
  const bad: [Record<string, unknown>, string][] = [
    [{ families: 0 }, "families"],
    [{ families: 2.5 }, "families"],
    [{ tasksPerFamily: -1 }, "tasksPerFamily"],
    [{ levels: [] }, "levels"],
    [{ levels: [4] }, "levels"],
    [{ drift: 1.5 }, "drift"],
    [{ seed: Number.NaN }, "seed"],
  ];
  for (const [opts, field] of bad) {
    assert.throws(
      () => worldConfig({ seed: 1, ...opts } as Parameters<typeof worldConfig>[0]),
      (e: unknown) => e instanceof BenchConfigError && e.field === field,
    );
  }
});

Deno.test("levels restricts the generated families", () => {
  const fams = generateFamilies(cfg(4, { levels: [3], families: 6 }));
  assert.ok(fams.every((f) => f.level === 3));
});
