/**
 * The two-phase memory agent. Each step: a diff notice against the previous observation, the map
 * analysis around `@`, the sensor files, then LOG (skipped at step 0) records the previous
 * action's outcome, and PLAN consults memory read-only and commits one action, which is repaired
 * or replaced by the fallback. The prompts carry no rolling history: only the current screen and
 * what the agent reads from its files.
 *
 * @module
 */
import type { GameEnv, GameObservation } from "../bench/games/game_port.ts";
import { MemoryFs } from "../memory/files/memory_fs.ts";
import type { MemoryOpName } from "../memory/files/wire.ts";
import { repairAction } from "./action_repair.ts";
import { analyseMap, type MapAnalysis, mapAnalysisText } from "./map_analysis.ts";
import { type AgentModels, runLogPhase, runPlanPhase } from "./phases.ts";
import { checkPromptBudget, overBudget, SCREEN_OBSERVATION_CHARS } from "./prompt_budget.ts";
import { budgetedPrompt, fileNotes, opsText, templateText } from "./prompts.ts";
import {
  isOscillating,
  newSensorState,
  observeSensors,
  type SensorState,
  writeSensors,
} from "./sensors.ts";
import { initialFiles, type ScaffoldSpec, sensorFile } from "./spec.ts";
import type { StepTrace, TracePhase } from "./trace.ts";

/** What the agent needs to know of the game. */
export type AgentGame = Pick<GameEnv, "id" | "actions" | "defaultAction" | "instructionPrompt"> & {
  /** The largest observation the game shows (default: a full terminal screen). */
  readonly maxObservationChars?: number;
};

/** What the previous step did. */
export interface PreviousStep {
  /** The committed (validated) action. */
  action: string;
  /** The raw action was invalid and the default ran. */
  invalid: boolean;
}

/** The diff notice of the seed: one or two unchanged screens warn, three or more say stuck. */
export function diffNotice(unchanged: number): string {
  if (unchanged === 0) return "";
  if (unchanged < 3) {
    return `NOTICE: the observation did not change (${unchanged}x): the previous action likely had NO EFFECT.`;
  }
  return `WARNING: the observation has not changed for ${unchanged} steps: you are STUCK. Try something different.`;
}

/** The two-phase memory agent. */
export class MemoryAgent {
  /** The memory files. */
  readonly fs: MemoryFs;
  readonly #spec: ScaffoldSpec;
  readonly #game: AgentGame;
  readonly #models: AgentModels;
  readonly #keyPatterns: Map<string, RegExp>;
  #prevText: string | undefined;
  #unchanged = 0;
  #sensors: SensorState = newSensorState();
  #prevPosition = "unknown";

  /** Builds an agent with a fresh memory; throws when the budget cannot hold an observation. */
  constructor(spec: ScaffoldSpec, game: AgentGame, models: AgentModels) {
    checkPromptBudget(spec, game.id, {
      instructionChars: game.instructionPrompt().length,
      actions: game.actions,
      observationChars: game.maxObservationChars ?? SCREEN_OBSERVATION_CHARS,
    });
    this.#spec = spec;
    this.#game = game;
    this.#models = models;
    this.fs = new MemoryFs(initialFiles(spec), {
      maxSearchResults: spec.max_search_results,
      readOnly: spec.sensors.map(sensorFile),
    });
    this.#keyPatterns = new Map(
      spec.files.filter((f) => f.key_pattern).map((f) => [f.name, new RegExp(f.key_pattern!)]),
    );
  }

  /** Starts an episode: files are re-seeded; persistent files keep their content when asked. */
  startEpisode(persistMemory: boolean): void {
    const keep = persistMemory
      ? this.#spec.files.filter((f) => f.persistent).map((f) => f.name)
      : [];
    this.fs.reset(initialFiles(this.#spec), keep);
    this.#prevText = undefined;
    this.#unchanged = 0;
    this.#sensors = newSensorState();
    this.#prevPosition = "unknown";
  }

  #prompt(
    kind: "log" | "plan",
    obs: GameObservation,
    a: MapAnalysis,
    extra: Record<string, string>,
  ) {
    const spec = this.#spec;
    const ops = (kind === "log" ? spec.log_ops : spec.plan_ops) as MemoryOpName[];
    const rules = kind === "log"
      ? [
        ...(spec.consult_before_write
          ? [
            "- BEFORE writing to ANY file, first SEARCH or READ it, and do not write what is already there.",
          ]
          : []),
        ...spec.log_rules.map((r) => `- ${r}`),
      ]
      : spec.plan_rules.map((r) => `- ${r}`);
    const values = {
      game: this.#game.id,
      instruction: this.#game.instructionPrompt(),
      observation: obs.text,
      map_analysis: mapAnalysisText(a),
      file_index: this.fs.index(),
      file_notes: fileNotes(spec, (f) => this.fs.lineCount(f)),
      ops: opsText(ops),
      rules: rules.join("\n"),
      actions: this.#game.actions.join(", "),
      ...extra,
    };
    const template = templateText(kind === "log" ? spec.log_prompt : spec.plan_prompt);
    const prompt = budgetedPrompt(template, values, spec.context_budget_chars);
    if (prompt === undefined) {
      throw overBudget(spec, kind.toUpperCase(), budgetedPrompt(template, values, 1e9)!.fixedChars);
    }
    return prompt.text;
  }

  /** Plays one step's LOG and PLAN and returns the trace (outcome fields still empty). */
  async act(
    obs: GameObservation,
    prev: PreviousStep | undefined,
    step: number,
    signal?: AbortSignal,
  ): Promise<StepTrace> {
    const spec = this.#spec;
    this.#unchanged = this.#prevText !== undefined && this.#prevText === obs.text
      ? this.#unchanged + 1
      : 0;
    this.#prevText = obs.text;
    const notice = diffNotice(this.#unchanged);
    const a = analyseMap(obs);
    observeSensors(this.#sensors, a, this.#unchanged, prev?.action);
    writeSensors(this.fs, spec.sensors, this.#sensors, obs, a);

    let log: TracePhase | null = null;
    if (step > 0 && prev) {
      const previous = prev.invalid
        ? `your output was invalid; the game executed the default action '${prev.action}'`
        : prev.action;
      const prompt = this.#prompt("log", obs, a, {
        previous_action: previous,
        diff_notice: notice,
      });
      log = await runLogPhase(
        this.fs,
        this.#models.memory,
        prompt,
        spec.log_ops,
        spec.max_log_iterations,
        spec.context_budget_chars,
        this.#keyPatterns,
        signal,
      );
      for (const f of spec.files) if (f.prune) this.fs.prune(f.name, f.prune.max, f.prune.keep);
    }

    this.#prevPosition = a.position
      ? `(${a.position.x},${a.position.y}) level: ${a.depth}`
      : "unknown";
    const warnings: string[] = [];
    if (notice) warnings.push(notice);
    if (this.#unchanged > 0 && prev) {
      warnings.push(`Your last executed action was '${prev.action}'; do NOT repeat it.`);
    }
    const oscillating = isOscillating(this.#sensors.actions);
    if (oscillating && spec.sensors.includes("last_actions")) {
      warnings.push("OSCILLATION: you are moving back and forth; pick a new direction.");
    }
    const planPrompt = this.#prompt("plan", obs, a, { warnings: warnings.join("\n") });
    const plan = await runPlanPhase(
      this.fs,
      this.#models,
      planPrompt,
      spec.plan_ops as MemoryOpName[],
      spec.max_plan_iterations,
      spec.context_budget_chars,
      signal,
    );
    const fixed = repairAction(
      plan.raw,
      this.#game.actions,
      spec.fallback_action,
      this.#game.defaultAction,
    );
    const snapshot = this.fs.snapshot();
    return {
      step,
      observation: obs.text,
      depth: a.depth,
      position: a.position ?? null,
      diff_notice: notice,
      unchanged_count: this.#unchanged,
      map_analysis: mapAnalysisText(a),
      log,
      plan: plan.phase,
      raw_action: plan.raw ?? null,
      action: fixed.action,
      fallback: fixed.fallback,
      repaired: fixed.repaired,
      memory_snapshot: snapshot,
      memory_chars: this.fs.chars(),
      context_chars: (log?.prompt_chars ?? 0) + plan.phase.prompt_chars,
      reward: 0,
      executed: fixed.action,
      stuck: false,
      oscillating,
    };
  }
}
