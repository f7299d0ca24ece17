/**
 * The research agent: a tool-using loop over the {@linkcode ChatModel} port.
 *
 * 1. Memory BEGIN (once per task, before planning): guidance is wrapped in a "hints, ignore by
 *    default, say which you apply" instruction and shown with the question.
 * 2. Planning: one call that writes a plan (no tools).
 * 3. Action steps, up to `maxSteps`: the model calls tools — natively when the endpoint supports
 *    tool calls (`toolMode: "auto"` falls back to the JSON action format `{think, tools}` the
 *    first time the endpoint rejects offered tools) — and every call runs in order, its bounded
 *    observation fed back. `final_answer` ends the run.
 * 4. Every `interval` steps (a seeded integer in [summaryInterval−1, summaryInterval+1]; 0 = never) a summary
 *    call condenses the history, which is then replaced by the summary; the first step after the
 *    first summary boundary asks memory for its one refresh.
 * 5. At the step limit a final-answer prompt asks for the best answer so far.
 *
 * Budgets: `maxTokensPerCall` caps each call's completion, `taskTokenCap` the task's cumulative
 * tokens and `wallMs` its wall time; hitting either of the last two stops the run with no answer
 * (`stop` says which). A transient model failure (timeout, network, HTTP 408/429/5xx) restarts
 * the whole run, up to `attempts` times, reusing the memory guidance already fetched; any other
 * failure ends it with `stop: "error"`. Token usage counts every attempt.
 *
 * @module
 */
import type { ChatMessage, ChatModel, ChatResult } from "../../core/ports.ts";
import { ModelError } from "../../core/ports.ts";
import { AutomemError } from "../../core/automem_error.ts";
import type { TrajectoryStep } from "../../core/trajectory.ts";
import type { Guidance } from "../../memory/provider_port.ts";
import { errorMessage } from "../errors.ts";
import { answerArgument, FINAL_ANSWER, FINAL_ANSWER_SPEC, FinalAnswerSchema } from "./actions.ts";
import {
  finalPrompt,
  memoryBlock,
  planPrompt,
  summaryPrompt,
  systemPrompt,
} from "./agent_prompts.ts";
import { runStep, type StepState } from "./agent_step.ts";
import {
  type AgentLimits,
  DEFAULT_LIMITS,
  type ResearchAgentInput,
  type ResearchRun,
} from "./agent_types.ts";

/** Is `e` a failure worth restarting the whole run for? */
export function isTransient(e: unknown): boolean {
  if (!(e instanceof ModelError)) return false;
  if (e.code === "timeout" || e.code === "network") return true;
  return e.code === "http" && e.status !== undefined &&
    (e.status === 408 || e.status === 429 || e.status >= 500);
}

/** A task budget (tokens or wall time) ran out; the run stops without an answer. */
class BudgetStop extends AutomemError {
  readonly stop: "token_cap" | "wall_time";
  constructor(stop: "token_cap" | "wall_time") {
    super("agent_budget", `the task's ${stop === "token_cap" ? "token cap" : "wall time"} ran out`);
    this.stop = stop;
  }
}

/** Runs the agent on one task; see the module doc. Rejects only when `signal` aborts. */
export async function runResearchAgent(input: ResearchAgentInput): Promise<ResearchRun> {
  const limits: AgentLimits = { ...DEFAULT_LIMITS, ...input.limits };
  const base = limits.summaryInterval;
  const run: ResearchRun = {
    answer: "",
    stop: "error",
    steps: [],
    promptTokens: 0,
    completionTokens: 0,
    calls: 0,
    memoryTokens: 0,
    guidance: [],
    refreshed: false,
    attempts: 0,
    errors: [],
    format: limits.toolMode === "json" ? "json" : "native",
    // 0 turns summaries off; the jitter is drawn either way so seeds stay aligned.
    summaryInterval: ((j) => (base <= 0 ? 0 : Math.max(1, base - 1 + j)))(input.rng.int(3)),
  };
  let begin: Guidance | null = null;
  try {
    begin = await input.provider.beginTask(input.task);
    if (begin) run.guidance.push(begin);
  } catch (e) {
    run.errors.push(`memory begin failed: ${errorMessage(e)}`);
  }
  const memo: { refresh?: Guidance | null } = {};
  const started = input.clock.now();
  while (run.attempts < limits.attempts) {
    run.attempts++;
    run.steps = [];
    try {
      await attempt(input, limits, run, begin, memo, started);
      return run;
    } catch (e) {
      if (input.signal?.aborted) throw e;
      if (e instanceof BudgetStop) {
        run.stop = e.stop;
        run.answer = "";
        return run;
      }
      run.errors.push(`attempt ${run.attempts}: ${errorMessage(e)}`);
      if (!isTransient(e)) break;
    }
  }
  run.stop = "error";
  run.answer = "";
  return run;
}

async function attempt(
  input: ResearchAgentInput,
  limits: AgentLimits,
  run: ResearchRun,
  begin: Guidance | null,
  memo: { refresh?: Guidance | null },
  started: number,
): Promise<void> {
  const specs = [...input.tools.map((t) => t.spec), FINAL_ANSWER_SPEC];
  let memoryInContext = begin?.tokens ?? 0;
  const call = async (
    messages: ChatMessage[],
    extra: Partial<Parameters<ChatModel["chat"]>[0]>,
  ) => {
    if (limits.wallMs !== undefined && input.clock.now() - started >= limits.wallMs) {
      throw new BudgetStop("wall_time");
    }
    const reply: ChatResult = await input.model.chat({
      messages: [...messages],
      temperature: limits.temperature,
      maxTokens: limits.maxTokensPerCall,
      signal: input.signal,
      ...extra,
    });
    run.calls++;
    run.promptTokens += reply.usage.promptTokens;
    run.completionTokens += reply.usage.completionTokens;
    run.memoryTokens += memoryInContext;
    if (
      limits.taskTokenCap !== undefined &&
      run.promptTokens + run.completionTokens > limits.taskTokenCap
    ) throw new BudgetStop("token_cap");
    return reply;
  };
  const system = (): ChatMessage => ({
    role: "system",
    content: systemPrompt(specs, run.format, limits.maxSteps),
  });
  const opening: ChatMessage = {
    role: "user",
    content: planPrompt(input.prompt, memoryBlock(begin)),
  };
  const plan = await call([system(), opening], { purpose: "agent_plan" });
  run.steps.push({
    ref: `step:${run.steps.length}`,
    kind: "plan",
    text: plan.text,
    ...(begin ? { meta: { memory_guidance: begin.text, memory_unit_ids: begin.unit_ids } } : {}),
  });
  const head: ChatMessage[] = [opening, { role: "assistant", content: plan.text }];
  let history: ChatMessage[] = [{ role: "user", content: "Begin with step 1." }];
  let summarised = false;
  const state: StepState = { run, specs, call, system };
  for (let step = 1; step <= limits.maxSteps; step++) {
    if (run.summaryInterval > 0 && step > 1 && (step - 1) % run.summaryInterval === 0) {
      const summary = await call([system(), ...head, ...history, {
        role: "user",
        content: summaryPrompt(),
      }], { purpose: "agent_summary" });
      run.steps.push({ ref: `step:${run.steps.length}`, kind: "summary", text: summary.text });
      history = [{ role: "user", content: `Progress summary so far:\n${summary.text}` }];
      summarised = true;
    }
    if (summarised && !run.refreshed) {
      run.refreshed = true;
      if (memo.refresh === undefined) {
        try {
          memo.refresh = await input.provider.refresh(input.task, progressOf(run.steps));
          if (memo.refresh) run.guidance.push(memo.refresh);
        } catch (e) {
          memo.refresh = null;
          run.errors.push(`memory refresh failed: ${errorMessage(e)}`);
        }
      }
      const block = memoryBlock(memo.refresh);
      if (block) {
        memoryInContext += memo.refresh!.tokens;
        history.push({ role: "user", content: block.trim() });
      }
    }
    const ended = await runStep(state, input, limits, step, [system(), ...head, ...history]);
    history.push(...ended.messages);
    if (ended.answer !== undefined) {
      run.answer = ended.answer;
      run.stop = "final_answer";
      return;
    }
  }
  const final = await call([system(), ...head, ...history, {
    role: "user",
    content: finalPrompt(input.prompt),
  }], { purpose: "agent_final", schema: FinalAnswerSchema, schemaName: "final_answer" });
  const answer = answerArgument((final.json ?? {}) as Record<string, unknown>);
  run.steps.push({
    ref: `step:${run.steps.length}`,
    kind: "action",
    tool: FINAL_ANSWER,
    args: { answer },
    observation: "final answer at the step limit",
  });
  run.answer = answer;
  run.stop = "max_steps";
}

/** One line per action, the refresh query's view of the agent's progress. */
export function progressOf(steps: readonly TrajectoryStep[]): string {
  return steps.map((s) =>
    s.kind === "action"
      ? `${s.tool}(${JSON.stringify(s.args ?? {})}) -> ${(s.observation ?? "").slice(0, 200)}`
      : `${s.kind}: ${(s.text ?? "").slice(0, 400)}`
  ).join("\n");
}
