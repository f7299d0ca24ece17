/**
 * Memory-specialist data export (loop 2's data side): play episodes on non-evaluation seeds,
 * select good memory turns (rules or a JUDGE model), post-process them deterministically, check
 * every item, and write ShareGPT JSON (LLaMA-Factory's `conversations` format), OpenAI chat JSONL,
 * the review decisions and statistics. A dataset with any failed check is refused.
 *
 * @module
 */
import { join } from "node:path";
import { writeFileAtomic, writeJsonAtomic } from "../../core/atomic_write.ts";
import type { ChatModel } from "../../core/ports.ts";
import { createRng } from "../../core/rng.ts";
import { MemoryAgent } from "../agent.ts";
import { createScaffoldEnv } from "../env_lookup.ts";
import { runEpisode } from "../episode.ts";
import { ScaffoldError } from "../errors.ts";
import { ScriptedScaffoldModel } from "../offline/scripted_scaffold_model.ts";
import type { AgentModels } from "../phases.ts";
import { scaffoldFingerprint, type ScaffoldSpec } from "../spec.ts";
import { candidateItems } from "./items.ts";
import { postprocess, type TrainingItem, validityProblems } from "./postprocess.ts";
import { judgeDecision, type ReviewDecision, ruleDecision } from "./select.ts";

/** Options of an export. */
export interface ExportOptions {
  spec: ScaffoldSpec;
  seeds: readonly number[];
  maxSteps: number;
  outDir: string;
  selector: "rules" | "judge";
  judge?: ChatModel;
  models?: AgentModels;
  persistMemory: boolean;
  signal?: AbortSignal;
}

/** Export statistics. */
export interface ExportStats {
  scaffold: string;
  selector: string;
  seeds: number[];
  episodes: number;
  steps: number;
  candidates: { log: number; plan: number };
  accepted: { log: number; plan: number };
  dropped: Record<string, number>;
  exported: { log: number; plan: number };
  post_checks: Record<string, number>;
  mean_prompt_chars: number;
  mean_target_chars: number;
}

/** Seeds for data collection: drawn from [1000, 99999] by a seeded generator, minus `exclude`. */
export function trainingSeeds(n: number, exclude: readonly number[], seed = 999): number[] {
  const rng = createRng(seed);
  const out: number[] = [];
  while (out.length < n) {
    const s = 1000 + rng.int(99000);
    if (!exclude.includes(s) && !out.includes(s)) out.push(s);
  }
  return out;
}

/** Runs the export. */
export async function exportData(opts: ExportOptions): Promise<ExportStats> {
  if (opts.selector === "judge" && !opts.judge) {
    throw new ScaffoldError(
      "no_judge_model",
      "--selector judge needs a JUDGE-role model (--judge_model and an endpoint)",
    );
  }
  const env = await createScaffoldEnv(opts.spec.env, {
    maxSteps: opts.maxSteps,
    signal: opts.signal,
  });
  const decisions: ReviewDecision[] = [];
  const kept: TrainingItem[] = [];
  const stats: ExportStats = {
    scaffold: scaffoldFingerprint(opts.spec),
    selector: opts.selector,
    seeds: [...opts.seeds],
    episodes: 0,
    steps: 0,
    candidates: { log: 0, plan: 0 },
    accepted: { log: 0, plan: 0 },
    dropped: {},
    exported: { log: 0, plan: 0 },
    post_checks: {},
    mean_prompt_chars: 0,
    mean_target_chars: 0,
  };
  let carried: Record<string, string> | undefined;
  try {
    for (const seed of opts.seeds) {
      const scripted = new ScriptedScaffoldModel(createRng(`scaffold:${seed}`));
      const agent = new MemoryAgent(
        opts.spec,
        env,
        opts.models ?? { memory: scripted, task: scripted },
      );
      if (opts.persistMemory && carried) agent.fs.restore(carried);
      const { traces } = await runEpisode(env, agent, seed, {
        maxSteps: opts.maxSteps,
        persistMemory: opts.persistMemory,
        scaffold: stats.scaffold,
        signal: opts.signal,
      });
      carried = agent.fs.snapshot();
      stats.episodes++;
      stats.steps += traces.length;
      const byStep = new Map(traces.map((t) => [t.step, t]));
      for (const item of candidateItems(seed, traces)) {
        stats.candidates[item.phase]++;
        const t = byStep.get(item.step)!;
        const d = opts.selector === "judge"
          ? await judgeDecision(opts.judge!, item, t, opts.signal)
          : ruleDecision(item, t);
        decisions.push(d);
        if (d.decision === "reject") continue;
        stats.accepted[item.phase]++;
        const p = postprocess(item);
        if (!p.ok) {
          stats.dropped[p.reason] = (stats.dropped[p.reason] ?? 0) + 1;
          continue;
        }
        kept.push(p.item);
        stats.exported[item.phase]++;
      }
    }
  } finally {
    await env.close();
  }
  for (const item of kept) {
    for (const problem of validityProblems(item)) {
      stats.post_checks[problem] = (stats.post_checks[problem] ?? 0) + 1;
    }
  }
  const bad = Object.entries(stats.post_checks).filter(([, n]) => n > 0);
  if (bad.length) {
    throw new ScaffoldError(
      "dataset_invalid",
      `refusing the dataset: ${bad.map(([k, n]) => `${n} item(s) ${k}`).join(", ")}`,
    );
  }
  const n = kept.length || 1;
  stats.mean_prompt_chars = Math.round(
    kept.reduce(
      (s, i) =>
        s + i.messages.filter((m) => m.role === "user").reduce((a, m) => a + m.content.length, 0),
      0,
    ) / n,
  );
  stats.mean_target_chars = Math.round(
    kept.reduce((s, i) => s + i.messages[i.messages.length - 1].content.length, 0) / n,
  );
  await writeJsonAtomic(
    join(opts.outDir, "sharegpt.json"),
    kept.map((i) => ({ conversations: i.messages })),
  );
  await writeFileAtomic(
    join(opts.outDir, "openai.jsonl"),
    kept.map((i) => JSON.stringify({ messages: i.messages })).join("\n") +
      (kept.length ? "\n" : ""),
  );
  await writeFileAtomic(
    join(opts.outDir, "review_decisions.jsonl"),
    decisions.map((d) => JSON.stringify(d)).join("\n") + (decisions.length ? "\n" : ""),
  );
  await writeJsonAtomic(join(opts.outDir, "dataset_info.json"), {
    automem_memory: {
      file_name: "sharegpt.json",
      formatting: "sharegpt",
      columns: { messages: "conversations" },
      tags: {
        role_tag: "role",
        content_tag: "content",
        user_tag: "user",
        assistant_tag: "assistant",
      },
    },
  });
  await writeJsonAtomic(join(opts.outDir, "stats.json"), stats);
  return stats;
}
