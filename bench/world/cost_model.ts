/**
 * The deterministic token cost model of the scripted agent, so memory has a price offline.
 *
 * Every step is one model turn whose prompt holds the system prompt (the rendered
 * `prompts/world_agent.md` with the tool catalogue), the task text, every memory text injected so
 * far, and the history of earlier calls and observations; its completion is the call's JSON plus
 * {@linkcode THOUGHT_TOKENS}. Tokens are `ceil(chars / 4)` ({@linkcode estimateTokens}).
 *
 *     prompt_i     = base + task + memory_i + Σ_{j<i} (completion_j + observation_j)
 *     completion_i = tokens(call_i JSON) + THOUGHT_TOKENS
 *     memory_tokens = Σ_i memory_i
 *
 * Memory injected at BEGIN is therefore paid on every step, and memory that shortens the episode
 * pays for itself.
 *
 * @module
 */
import { estimateTokens } from "../../core/usage.ts";

/** Completion tokens a scripted step spends on reasoning besides the call itself. */
export const THOUGHT_TOKENS = 20;

/** Accumulates the cost of one episode. */
export class TokenMeter {
  readonly #base: number;
  #memory = 0;
  #history = 0;
  #prompt = 0;
  #completion = 0;
  #memoryCharged = 0;
  #steps = 0;

  /** `baseTokens`: the system prompt; `taskTokens`: the task text. */
  constructor(baseTokens: number, taskTokens: number) {
    this.#base = baseTokens + taskTokens;
  }

  /** Memory text of `tokens` enters the context from the next step on. */
  addMemory(tokens: number): void {
    this.#memory += tokens;
  }

  /** Charges one step: the call's text and the observation it got. */
  step(callText: string, observation: string): void {
    const completion = estimateTokens(callText) + THOUGHT_TOKENS;
    this.#prompt += this.#base + this.#memory + this.#history;
    this.#memoryCharged += this.#memory;
    this.#completion += completion;
    this.#history += completion + estimateTokens(observation);
    this.#steps++;
  }

  /** Prompt tokens so far. */
  get prompt(): number {
    return this.#prompt;
  }
  /** Completion tokens so far. */
  get completion(): number {
    return this.#completion;
  }
  /** Prompt tokens spent on memory so far. */
  get memory(): number {
    return this.#memoryCharged;
  }
  /** Steps charged. */
  get steps(): number {
    return this.#steps;
  }
}
