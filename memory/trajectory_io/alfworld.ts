/**
 * Parsers for the ALFWorld files:
 *
 * - `react-fewshot/alfworld_3prompts.json` (`parseAlfworldFewshot`): 36 successful demonstration
 *   episodes keyed `<react|act>_<task type>_<n>`. The text is the room description, a
 *   `Your task is to: …` line, then `> command` lines each followed by the environment's reply.
 *   `> think: …` lines become `plan` steps (their `OK.` reply is dropped); every other command
 *   becomes an `action` step whose tool is the command verb (`go to`, `take`, `put`, `open`…)
 *   with named arguments. `Nothing happens.` marks the step as an error. The room description is
 *   the first step (`summary`, `meta.role = "initial_observation"`) so it keeps a ref.
 * - `reflexion-trajectories/alfworld_reflexion_env_results_trial_14.json`
 *   (`parseAlfworldReflexion`): 134 environments `{name, memory, is_success}`. The file holds no
 *   action traces; each `memory` entry is the reflection written after one failed trial. Each
 *   becomes one failed attempt whose steps are the reflection's sentences: the stated plan
 *   (`plan`), what went wrong (`summary`, `error`), and the correction the agent resolved on
 *   (`summary`, `meta.role = "correction"`). The task text is not in the file, so `query` is
 *   empty.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { Issue, ParseResult } from "../../core/issues.ts";
import { fromZodIssues } from "../../core/issues.ts";
import {
  type TaskContext,
  type TaskOutcome,
  type Trajectory,
  TrajectorySchema,
  type TrajectoryStep,
} from "../../core/trajectory.ts";

/** ALFWorld task families, as named in the few-shot keys. */
export const ALFWORLD_TASK_TYPES = ["put", "clean", "heat", "cool", "examine", "puttwo"] as const;

const FewshotFileSchema = z.record(
  z.string().regex(/^(react|act)_(put|clean|heat|cool|examine|puttwo)_\d+$/, {
    error: "key must look like <react|act>_<task type>_<n>",
  }),
  z.string().min(1, { error: "episode text must be non-empty" }),
);

const ReflexionFileSchema = z.array(z.object({
  name: z.string().min(1),
  memory: z.array(z.string()),
  is_success: z.boolean(),
}));

/** One parsed episode. */
export interface AlfworldEpisode {
  /** The few-shot key, or `<env>/attempt-<n>` for reflexion attempts. */
  key: string;
  task: TaskContext;
  trajectory: Trajectory;
  outcome: TaskOutcome;
}

/** One few-shot demonstration. */
export interface AlfworldFewshotEpisode extends AlfworldEpisode {
  style: "react" | "act";
  task_type: typeof ALFWORLD_TASK_TYPES[number];
}

/** One environment of the reflexion run, with one failed attempt per reflection. */
export interface AlfworldReflexionEnv {
  name: string;
  is_success: boolean;
  reflections: string[];
  attempts: AlfworldEpisode[];
}

const COMMANDS: [RegExp, string, string[]][] = [
  [/^go to (.+)$/, "go to", ["target"]],
  [/^take (.+?) from (.+)$/, "take", ["object", "receptacle"]],
  [/^put (.+?) in\/on (.+)$/, "put", ["object", "receptacle"]],
  [/^(clean|heat|cool|slice) (.+?) with (.+)$/, "", ["object", "receptacle"]],
  [/^(open|close|examine|use|toggle) (.+)$/, "", ["target"]],
  [/^(look|inventory)$/, "", []],
];

/** Splits an ALFWorld command into a tool (the verb) and named arguments. */
export function parseAlfworldCommand(
  command: string,
): { tool: string; args: Record<string, string> } {
  const c = command.trim();
  for (const [re, tool, names] of COMMANDS) {
    const m = re.exec(c);
    if (!m) continue;
    const values = tool === "" ? m.slice(2) : m.slice(1);
    return {
      tool: tool || m[1],
      args: Object.fromEntries(names.map((n, i) => [n, values[i].trim()])),
    };
  }
  const [verb, ...rest] = c.split(/\s+/);
  return { tool: verb, args: rest.length > 0 ? { input: rest.join(" ") } : {} };
}

function validated(trajectory: Trajectory, path: (string | number)[], issues: Issue[]): boolean {
  const checked = TrajectorySchema.safeParse(trajectory);
  if (checked.success) return true;
  issues.push(
    ...fromZodIssues(checked.error.issues).map((i) => ({ ...i, path: [...path, ...i.path] })),
  );
  return false;
}

function parseEpisodeText(key: string, text: string, issues: Issue[]) {
  const lines = text.split(/\r?\n/).map((l) => l.trimEnd());
  const taskAt = lines.findIndex((l) => l.startsWith("Your task is to:"));
  if (taskAt < 0) {
    issues.push({
      code: "missing_field",
      path: [key],
      message: `${key}: no 'Your task is to:' line`,
    });
    return undefined;
  }
  const query = lines[taskAt].slice("Your task is to:".length).trim();
  const steps: TrajectoryStep[] = [];
  const room = lines.slice(0, taskAt).join("\n").trim();
  if (room) {
    steps.push({
      ref: "step:0",
      kind: "summary",
      text: room,
      meta: { role: "initial_observation" },
    });
  }
  for (const line of lines.slice(taskAt + 1)) {
    if (line.trim() === "") continue;
    const ref = `step:${steps.length}`;
    if (line.startsWith("> think:")) {
      steps.push({ ref, kind: "plan", text: line.slice("> think:".length).trim() });
    } else if (line.startsWith(">")) {
      const { tool, args } = parseAlfworldCommand(line.slice(1));
      steps.push({ ref, kind: "action", tool, args, observation: "" });
    } else {
      const last = steps[steps.length - 1];
      // "OK." acknowledges a thought (one demo keeps a stray one after its task line).
      if (/^OK\.$/.test(line.trim()) && last?.kind !== "action") continue;
      // A reply normally follows its command; one demo interleaves a thought in between, so a
      // reply after a thought goes to the latest command still waiting for one.
      const target = last?.kind === "action"
        ? last
        : steps.findLast((s) => s.kind === "action" && !s.observation);
      if (target === undefined) {
        issues.push({
          code: "unexpected_line",
          path: [key],
          message: `${key}: reply before a command`,
        });
        return undefined;
      }
      target.observation = target.observation
        ? `${target.observation}\n${line.trim()}`
        : line.trim();
      if (/^Nothing happens\.?$/.test(line.trim())) target.error = true;
    }
  }
  return { query, steps };
}

function asJson(input: unknown, issues: Issue[]): unknown {
  if (typeof input !== "string") return input;
  try {
    return JSON.parse(input);
  } catch (error) {
    issues.push({
      code: "invalid_json",
      path: [],
      message: `not JSON: ${(error as Error).message}`,
    });
    return undefined;
  }
}

/** Parses `alfworld_3prompts.json` (the parsed object or its text) into successful episodes. */
export function parseAlfworldFewshot(json: unknown): ParseResult<AlfworldFewshotEpisode[]> {
  const issues: Issue[] = [];
  const data = asJson(json, issues);
  if (issues.length > 0) return { ok: false, issues };
  const file = FewshotFileSchema.safeParse(data);
  if (!file.success) return { ok: false, issues: fromZodIssues(file.error.issues) };
  const episodes: AlfworldFewshotEpisode[] = [];
  for (const [key, text] of Object.entries(file.data)) {
    const parsed = parseEpisodeText(key, text, issues);
    if (!parsed) continue;
    const [style, task_type] = key.split("_") as [
      AlfworldFewshotEpisode["style"],
      AlfworldFewshotEpisode["task_type"],
    ];
    const trajectory: Trajectory = { task_id: `alfworld-fewshot/${key}`, ...parsed };
    if (!validated(trajectory, [key], issues)) continue;
    episodes.push({
      key,
      style,
      task_type,
      task: { id: trajectory.task_id, text: parsed.query, metadata: { task_type, style } },
      trajectory,
      outcome: { success: true, score: 1 },
    });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: episodes };
}

const PLAN = /\bmy plan was\b/i;
const CORRECTION = /^(In the next trial|Next time|I will|I should|I need to|I must|Instead)\b/i;
const PROBLEM =
  /\b(However|But|stuck in a loop|forgot|did not|didn't|failed|unsuccessful|instead of|without|wrong|mistake|could not|couldn't|was not able|unable)\b/i;

/** Splits a reflection into sentences, keeping ranges like `cabinet (1-6).` intact. */
export function reflectionSentences(reflection: string): string[] {
  return reflection.trim().split(/(?<=[.!?])\s+(?=[A-Z])/).map((s) => s.trim()).filter(Boolean);
}

function reflectionSteps(reflection: string): TrajectoryStep[] {
  return reflectionSentences(reflection).map((sentence, i): TrajectoryStep => {
    const ref = `step:${i}`;
    if (PLAN.test(sentence)) return { ref, kind: "plan", text: sentence };
    if (CORRECTION.test(sentence)) {
      return { ref, kind: "summary", text: sentence, meta: { role: "correction" } };
    }
    if (PROBLEM.test(sentence)) {
      return { ref, kind: "summary", text: sentence, error: true, meta: { role: "problem" } };
    }
    return { ref, kind: "summary", text: sentence, meta: { role: "note" } };
  });
}

/** Parses the reflexion run's env results (the parsed array or its text). */
export function parseAlfworldReflexion(json: unknown): ParseResult<AlfworldReflexionEnv[]> {
  const issues: Issue[] = [];
  const data = asJson(json, issues);
  if (issues.length > 0) return { ok: false, issues };
  const file = ReflexionFileSchema.safeParse(data);
  if (!file.success) return { ok: false, issues: fromZodIssues(file.error.issues) };
  const envs: AlfworldReflexionEnv[] = [];
  file.data.forEach((env, e) => {
    const reflections = env.memory.map((m) => m.trim());
    const attempts: AlfworldEpisode[] = [];
    reflections.forEach((reflection, i) => {
      const steps = reflectionSteps(reflection);
      if (steps.length === 0) {
        issues.push({
          code: "empty_reflection",
          path: [e, "memory", i],
          message: `${env.name}: reflection ${i} is empty`,
        });
        return;
      }
      const key = `${env.name}/attempt-${i + 1}`;
      const trajectory: Trajectory = { task_id: `alfworld-reflexion/${key}`, query: "", steps };
      if (!validated(trajectory, [e, "memory", i], issues)) return;
      const problem = steps.find((s) => s.error)?.text;
      attempts.push({
        key,
        task: { id: trajectory.task_id, text: "", metadata: { env: env.name } },
        trajectory,
        outcome: {
          success: false,
          score: 0,
          failure_reason: problem ?? "The trial failed (reflection written after the failure)",
        },
      });
    });
    envs.push({ name: env.name, is_success: env.is_success, reflections, attempts });
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: envs };
}
