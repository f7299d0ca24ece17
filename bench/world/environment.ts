/**
 * The `world` environment: executes tool calls against a task's hidden procedure and answers like
 * a real API would. A call is checked against the next expected step; errors are realistic and
 * only partly informative:
 *
 * - `precondition`: the tool belongs to a later step; the message names the *state* the previous
 *   step produces ("needs a validated schema first"), never the tool.
 * - `duplicate`: the tool's step is already done.
 * - `not_applicable`: the tool is not part of this request.
 * - `missing_arg` / `bad_format`: an argument is absent or malformed (allowed values are listed).
 * - `bad_value`: a well-formed choice that this request does not accept (allowed values listed,
 *   the right one not revealed); `wrong_entity`: a well-formed entity of another task.
 * - `missing_flag`: a level-3 trap flag is not set; the message says which flag.
 *
 * Score: 1 when every step is done (success); otherwise `0.5 · done / length`, partial credit
 * for the correct prefix that stays below any success.
 *
 * @module
 */
import type { WorldTask } from "./generator.ts";
import { isEntityOf } from "./lexicon.ts";
import { TOOL_BY_NAME, toolSpec } from "./tools.ts";

/** A tool call as an agent makes it. */
export interface WorldCall {
  tool: string;
  args: Record<string, unknown>;
}

/** Error codes of the environment. */
export type WorldErrorCode =
  | "unknown_tool"
  | "finished"
  | "precondition"
  | "duplicate"
  | "not_applicable"
  | "missing_arg"
  | "bad_format"
  | "bad_value"
  | "wrong_entity"
  | "missing_flag";

/** What one call returns. */
export interface StepResult {
  ok: boolean;
  observation: string;
  code?: WorldErrorCode;
  /** True once the whole procedure is done. */
  done: boolean;
}

/** Weight of the correct prefix in the score of an unfinished task. */
export const PARTIAL_WEIGHT = 0.5;

/** Canonical text of a call: `tool(key=value, flag=true)`, keys in catalogue order. */
export function formatCall(call: WorldCall): string {
  const spec = TOOL_BY_NAME.get(call.tool);
  const keys = spec
    ? [
      ...spec.args.map((a) => a.name).filter((k) => k in call.args),
      ...Object.keys(call.args).filter((k) => !spec.args.some((a) => a.name === k)).sort(),
    ]
    : Object.keys(call.args).sort();
  return `${call.tool}(${keys.map((k) => `${k}=${String(call.args[k])}`).join(", ")})`;
}

const truthy = (v: unknown) => v === true || v === "true";

/** One episode of one task. */
export class WorldEpisode {
  readonly task: WorldTask;
  #done = 0;
  #calls = 0;

  /** Starts an episode. */
  constructor(task: WorldTask) {
    this.task = task;
  }

  /** Steps completed so far (the correct prefix). */
  get completed(): number {
    return this.#done;
  }

  /** Calls made so far. */
  get calls(): number {
    return this.#calls;
  }

  /** True when the procedure is complete. */
  get done(): boolean {
    return this.#done === this.task.procedure.length;
  }

  /** Score as documented in the module: 1, or partial credit for the prefix. */
  get score(): number {
    if (this.done) return 1;
    return Math.round(PARTIAL_WEIGHT * this.#done / this.task.procedure.length * 1e4) / 1e4;
  }

  /** Executes one call. */
  step(call: WorldCall): StepResult {
    this.#calls++;
    const fail = (code: WorldErrorCode, message: string): StepResult => ({
      ok: false,
      code,
      observation: `error(${code}): ${call.tool}: ${message}`,
      done: this.done,
    });
    const spec = TOOL_BY_NAME.get(call.tool);
    if (!spec) {
      return fail(
        "unknown_tool",
        `no such tool; available: ${[...TOOL_BY_NAME.keys()].join(", ")}`,
      );
    }
    if (this.done) return fail("finished", "the request is already complete");
    const procedure = this.task.procedure;
    const at = procedure.findIndex((s) => s.tool === call.tool);
    if (at < 0) return fail("not_applicable", `not applicable: ${spec.notApplicable}`);
    if (at < this.#done) return fail("duplicate", "already done for this request");
    if (at > this.#done) {
      return fail(
        "precondition",
        `precondition failed: needs ${toolSpec(procedure[at - 1].tool).produces} first`,
      );
    }
    const expected = procedure[at];
    for (const a of spec.args) {
      const v = call.args[a.name];
      if (a.kind === "entity") {
        if (v === undefined || v === "") {
          return fail("missing_arg", `missing required argument '${a.name}'`);
        }
        if (typeof v !== "string" || !isEntityOf(a.entity, v)) {
          return fail("bad_format", `${a.name} '${String(v)}' is not a valid ${a.entity} name`);
        }
        if (v !== this.task.entities[a.entity]) {
          return fail("wrong_entity", `${a.entity} ${v} is not part of this request`);
        }
      } else if (a.kind === "choice") {
        const allowed = a.values.join(", ");
        if (v === undefined || v === "") {
          return fail("missing_arg", `missing required argument '${a.name}' (one of: ${allowed})`);
        }
        if (typeof v !== "string" || !a.values.includes(v)) {
          return fail("bad_format", `${a.name} '${String(v)}' must be one of: ${allowed}`);
        }
        if (v !== expected.choices[a.name]) {
          return fail(
            "bad_value",
            `${a.name} ${v} is not accepted for this request (allowed: ${allowed})`,
          );
        }
      } else if (expected.flags.includes(a.name) && !truthy(v)) {
        return fail("missing_flag", `${a.reason}; set ${a.name}=true`);
      }
    }
    this.#done++;
    const args: Record<string, unknown> = {};
    for (const a of spec.args) {
      if (call.args[a.name] !== undefined) args[a.name] = call.args[a.name];
    }
    const tail = this.done ? "; request complete" : "";
    return {
      ok: true,
      observation: `ok: ${formatCall({ tool: call.tool, args })} -> ${spec.produces}${tail}`,
      done: this.done,
    };
  }
}
