/**
 * No LoCoMo question text or gold answer ever reaches memory in `bench/locomo`, including through
 * units that management merges or generalises, and a conversation's search never returns a unit
 * consolidated from another conversation's units (their turn ids overlap: both have `D1:1`).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { compileSpec } from "../core/compiler.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { OP_DEFAULTS } from "../core/presets.ts";
import { createRng } from "../core/rng.ts";
import { ScriptedModel } from "../core/scripted_model.ts";
import { parseSpec } from "../core/spec.ts";
import { contentText, type MemoryUnit } from "../core/unit.ts";
import type { BenchTask } from "../bench/benchmark_port.ts";
import { createLocomoBenchmark } from "../bench/locomo/benchmark.ts";
import { sequentialIds } from "../memory/ids.ts";
import { createManagementPipeline } from "../memory/manage/pipeline.ts";
import type { ManagementPipeline } from "../memory/manage_port.ts";
import { openMemory } from "../memory/open_memory.ts";
import type { MemoryProvider, RankedUnit } from "../memory/provider_port.ts";

const SESSIONS = 12;
const WORDS = ["care", "patience", "friends", "coffee", "maps", "notes", "lamps"];

/** Two conversations with near-duplicate turns in every session, so merges and generalisations happen. */
function fixture() {
  return ["alpha", "beta"].map((name, c) => {
    const conversation: Record<string, unknown> = { speaker_a: "Ana", speaker_b: "Ben" };
    for (let s = 1; s <= SESSIONS; s++) {
      conversation[`session_${s}_date_time`] = `1:00 pm on ${s} May, 2023`;
      conversation[`session_${s}`] = [
        {
          speaker: "Ana",
          dia_id: `D${s}:1`,
          text: `I verify ${name} dates against primary sources with ${WORDS[s % WORDS.length]}.`,
        },
        {
          speaker: "Ben",
          dia_id: `D${s}:2`,
          text: `Always verify ${name} dates in primary sources, ${WORDS[(s + 3) % WORDS.length]}.`,
        },
        {
          speaker: "Ana",
          dia_id: `D${s}:3`,
          text: `My ${name} pottery class number ${s} was fun.`,
        },
      ];
    }
    return {
      sample_id: `conv-${name}`,
      conversation,
      qa: Array.from({ length: 4 }, (_, i) => ({
        question: `Question zebra${c}${i} about the ${name} pottery class?`,
        answer: `Answer quokka${c}${i}`,
        evidence: [`D${i + 1}:3`],
        category: (i % 4) + 1,
      })),
    };
  });
}

/** A provider wrapper that records every search result. */
function recording(inner: MemoryProvider, seen: { exclude: string[]; units: RankedUnit[] }[]) {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === "search") {
        return async (q: string, k: number, exclude: readonly string[] = []) => {
          const units = await target.search(q, k, exclude);
          seen.push({ exclude: [...exclude], units });
          return units;
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const [store, retrieve, manage] = ["json", "hybrid", "json_full"];
{
  for (const withModel of [false, true]) {
    Deno.test(`no question or gold answer reaches ${store}/${retrieve}/${manage} memory, merged units included${withModel ? " (answering model)" : ""}`, async () => {
      const dir = await Deno.makeTempDir({ prefix: "automem_leak_" });
      try {
        const dataPath = join(dir, "locomo.json");
        const data = fixture();
        await Deno.writeTextFile(dataPath, JSON.stringify(data));
        const bench = await createLocomoBenchmark({ dataPath });
        const parsed = parseSpec({
          schema_version: "1",
          encode: ["tip", "trajectory", "shortcut"],
          store,
          retrieve,
          manage,
        });
        assert.ok(parsed.ok);
        const embedder = new HashEmbedder(64);
        let pipeline: ManagementPipeline | undefined;
        const inner = await openMemory(
          compileSpec(parsed.value, { baseDir: join(dir, "mem"), embeddingDim: 64 }),
          {
            embedder,
            clock: logicalClock(),
            newId: sequentialIds("u"),
            // json_full plus cross_task_generalize, which only graph_consolidate runs.
            managementFactory: async (manage, deps, state) =>
              pipeline = await createManagementPipeline(
                {
                  ...manage,
                  periodic: [...manage.periodic, "cross_task_generalize"],
                  op_settings: {
                    ...manage.op_settings,
                    cross_task_generalize: OP_DEFAULTS.cross_task_generalize,
                  },
                },
                deps,
                state,
              ),
          },
        );
        const seen: { exclude: string[]; units: RankedUnit[] }[] = [];
        const provider = recording(inner, seen);
        try {
          const model = withModel
            ? new ScriptedModel({
              rules: [(r) =>
                r.messages.some((m) => m.content.includes("verdict"))
                  ? { verdict: "correct", reason: "ok" }
                  : { answer: "Answer quokka00" }],
            })
            : undefined;
          const run = async (task: BenchTask) => {
            const r = await bench.runTask(task, provider, {
              clock: logicalClock(),
              rng: createRng(1),
              model,
              judge: model,
            });
            assert.equal(r.error, undefined, r.error);
          };
          // The first question of each conversation ingests it; a periodic pass then
          // consolidates across both, as it would in a long-lived memory.
          const tasks = bench.tasks();
          for (const name of ["conv-alpha", "conv-beta"]) {
            await run(tasks.find((t) => t.metadata.conversation_id === name)!);
          }
          await pipeline!.runPeriodic();
          for (const task of tasks) await run(task);
          const pool = await provider.exportPool();
          const consolidated = pool.units.filter((u) =>
            ["cluster_merge", "cross_task"].includes(u.source_task_id)
          );
          assert.deepEqual(
            [...new Set(consolidated.map((u) => u.source_task_id))].sort(),
            ["cluster_merge", "cross_task"],
            "management merged and generalised units",
          );
          const secrets = data.flatMap((c) =>
            c.qa.flatMap((q) => [q.question, q.answer, "zebra", "quokka"])
          );
          const turnIds = new Set(
            data.flatMap((c) =>
              Object.values(c.conversation).flatMap((v) =>
                Array.isArray(v) ? v.map((t) => t.dia_id) : []
              )
            ),
          );
          for (const u of pool.units as MemoryUnit[]) {
            const text = `${contentText(u)} ${u.source_task_query} ${JSON.stringify(u.content)}`
              .toLowerCase();
            for (const s of secrets) {
              assert.ok(!text.includes(s.toLowerCase()), `unit ${u.id} holds '${s}'`);
            }
            assert.ok(
              u.source_refs.every((r) => turnIds.has(r)),
              `unit ${u.id} cites ${u.source_refs} (not turns)`,
            );
          }
          // Conversation beta's questions never see a unit consolidated from alpha's units.
          const alphaIds = new Set(
            pool.units.filter((u) => u.source_task_id.startsWith("conv-alpha/")).map((u) => u.id),
          );
          const members = (u: MemoryUnit): string[] =>
            u.relations.filter((r) => ["supersedes", "reinforces"].includes(r.relation_type)).map((
              r,
            ) => r.target_id);
          const byId = new Map(pool.units.map((u) => [u.id, u]));
          const fromAlpha = (u: MemoryUnit, depth = 0): boolean =>
            alphaIds.has(u.id) ||
            (depth < 3 &&
              members(u).some((m) => byId.has(m) && fromAlpha(byId.get(m)!, depth + 1)));
          const betaSearches = seen.filter((s) =>
            s.exclude.some((id) => id.startsWith("conv-alpha/"))
          );
          assert.ok(betaSearches.length > 0);
          for (const s of betaSearches) {
            for (const h of s.units) assert.ok(!fromAlpha(h.unit), `beta saw ${h.unit.id}`);
          }
        } finally {
          await provider.close();
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
}
