/**
 * The memory agent behind a BALROG-shaped chat request. BALROG's agents send the instruction
 * and a window of past observations and actions as chat messages; only the LATEST user message
 * (the current observation) is used, the agent's own memory files replace the history. An
 * episode starts when a request holds no assistant message (BALROG's first step of an episode)
 * or when the `x-automem-episode` header changes; without a session id, the episode a request
 * continues is recognised from the end of its conversation (scaffold/balrog_match.ts), so
 * BALROG's parallel workers each keep their own memory. Observation text is parsed in BALROG's NetHack
 * layout (`message:`, `cursor:`, `map:`, `inventory:`); other games' text is used as it is.
 *
 * @module
 */
import type { GameObservation } from "../bench/games/game_port.ts";
import { NETHACK_ACTION_NAMES } from "../bench/games/nethack/nethack_actions.ts";
import { sha256Hex } from "../core/canonical_json.ts";
import type { ChatMessage } from "../core/ports.ts";
import { MemoryAgent } from "./agent.ts";
import { continuationOf, continues, type MatchState, type TextMessage } from "./balrog_match.ts";
import { depthOf } from "./map_analysis.ts";
import type { AgentModels } from "./phases.ts";
import { type BudgetNeeds, checkPromptBudget, SCREEN_OBSERVATION_CHARS } from "./prompt_budget.ts";
import type { ScaffoldSpec } from "./spec.ts";

/** Reads the action vocabulary from an instruction text (`name: description` lines). */
export function actionsFromInstruction(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*-?\s*([a-z][a-z0-9 _-]{0,30}):\s+\S/gm)) {
    const a = m[1].trim();
    if (
      !out.includes(a) &&
      !/^(message|map|cursor|inventory|language observation|goal|tips?|note)$/.test(a)
    ) out.push(a);
  }
  return out;
}

/** Builds a game observation from BALROG's observation text. */
export function observationFromText(text: string): GameObservation {
  const section = (name: string) => {
    const m = text.match(
      new RegExp(
        `^${name}:[ \\t]*\\n?([\\s\\S]*?)(?=^(?:message|language observation|cursor|map|inventory):|$(?![\\s\\S]))`,
        "m",
      ),
    );
    return m ? m[1].replace(/\n+$/, "") : undefined;
  };
  const mapText = section("map");
  const rows = mapText !== undefined ? mapText.split("\n") : text.split("\n");
  const statusIdx = rows.findIndex((r) => /Dlvl:|HP:\s*\d/.test(r));
  const map = statusIdx >= 0 ? rows.slice(0, Math.max(0, statusIdx - 1)) : rows;
  const status = statusIdx >= 0
    ? rows.slice(Math.max(0, statusIdx - 1)).filter((r) => r.trim() !== "")
    : [];
  const message = (section("message") ?? "").trim();
  const obs: GameObservation = { text, message, map, status, stats: {} };
  return { ...obs, stats: { depth: depthOf(obs) } };
}

/** Text of one message whose content may be a string or BALROG's content array. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((
      c,
    ) => (c && typeof c === "object" && (c as { type?: string }).type === "text"
      ? String((c as { text?: unknown }).text ?? "")
      : "")
    ).join("");
  }
  return "";
}

interface Session extends MatchState {
  id: string;
  agent: MemoryAgent;
  step: number;
  episode?: string;
  /** Key of the last request and its answer: a retried request gets the same answer. */
  requestKey?: string;
  answer?: Promise<ActResult>;
  usedAt: number;
}

/** The answer to one request. */
export interface ActResult {
  action: string;
  newEpisode: boolean;
  step: number;
  /** The session that answered (the given id, or `episode-<n>` for requests without one). */
  session: string;
}

/**
 * What BALROG's NetHack requests need from a budget: its instruction prompt (4,051 characters:
 * the NLE action words with descriptions and playing tips) and a full observation.
 */
export const BALROG_NETHACK_NEEDS: BudgetNeeds = {
  instructionChars: 4051,
  actions: NETHACK_ACTION_NAMES,
  observationChars: SCREEN_OBSERVATION_CHARS,
};

/** Episodes without a session id kept at most (the least recently used is dropped first). */
export const MAX_ANONYMOUS_SESSIONS = 256;

/**
 * Sessions of the endpoint: one memory agent per session id, or per episode recognised from the
 * conversation when the request has no id (scaffold/balrog_match.ts).
 */
export class BalrogSessions {
  #named = new Map<string, Session>();
  #anonymous: Session[] = [];
  #byRequest = new Map<string, Session>();
  #spec: ScaffoldSpec;
  #models: AgentModels;
  #persist: boolean;
  #clock = 0;
  #episodes = 0;

  /**
   * Builds the sessions for a scaffold and the upstream models; throws when the scaffold's budget
   * cannot hold BALROG's NetHack instruction and a full observation.
   */
  constructor(spec: ScaffoldSpec, models: AgentModels, persistMemory = false) {
    checkPromptBudget(spec, spec.env, BALROG_NETHACK_NEEDS);
    this.#spec = spec;
    this.#models = models;
    this.#persist = persistMemory;
  }

  /** Sessions without an id that are alive. */
  get anonymousSessions(): number {
    return this.#anonymous.length;
  }

  /**
   * Answers one request with an action. `sessionId` undefined: the episode is recognised from the
   * conversation. A request identical to a session's last one (a client retry) gets its answer.
   */
  act(
    messages: readonly TextMessage[],
    sessionId: string | undefined,
    episodeId: string | undefined,
    signal?: AbortSignal,
  ): Promise<ActResult> {
    const key = sha256Hex(JSON.stringify([sessionId ?? null, episodeId ?? null, messages]));
    const again = this.#byRequest.get(key);
    if (again?.answer !== undefined && again.requestKey === key) return again.answer;
    const fresh = !messages.some((m) => m.role === "assistant");
    let s: Session | undefined;
    let newEpisode: boolean;
    if (sessionId !== undefined) {
      s = this.#named.get(sessionId);
      newEpisode = !s || fresh && episodeId === undefined ||
        (episodeId !== undefined && episodeId !== s.episode);
      if (!s) {
        s = this.#newSession(sessionId, messages);
        this.#named.set(sessionId, s);
      }
    } else {
      const evidence = fresh ? undefined : continuationOf(messages);
      s = evidence && this.#anonymous.find((x) => continues(x, evidence));
      newEpisode = s === undefined;
      if (!s) {
        s = this.#newSession(`episode-${++this.#episodes}`, messages);
        this.#addAnonymous(s);
      }
    }
    if (newEpisode) {
      s.agent.startEpisode(this.#persist);
      s.step = 0;
      s.lastAction = undefined;
      s.episode = episodeId;
    }
    if (s.requestKey !== undefined) this.#byRequest.delete(s.requestKey);
    s.requestKey = key;
    s.usedAt = ++this.#clock;
    this.#byRequest.set(key, s);
    s.answer = this.#answer(s, messages, newEpisode, signal);
    return s.answer;
  }

  async #answer(
    s: Session,
    messages: readonly TextMessage[],
    newEpisode: boolean,
    signal?: AbortSignal,
  ): Promise<ActResult> {
    const users = messages.filter((m) => m.role === "user");
    const current = users[users.length - 1]?.content ?? "";
    const obs = observationFromText(current);
    const prev = s.lastAction === undefined
      ? undefined
      : { action: s.lastAction, invalid: /did not contain a valid action/.test(current) };
    s.busy = true;
    try {
      const trace = await s.agent.act(obs, prev, s.step, signal);
      const action = trace.raw_action !== null && !trace.fallback
        ? trace.action
        : trace.raw_action ?? trace.action;
      s.lastAction = action;
      s.lastObservation = current;
      s.step++;
      return { action, newEpisode, step: s.step - 1, session: s.id };
    } catch (error) {
      // A failed request can be retried as it was: it must not be answered from the cache.
      if (s.requestKey !== undefined) this.#byRequest.delete(s.requestKey);
      s.requestKey = undefined;
      throw error;
    } finally {
      s.busy = false;
    }
  }

  #newSession(id: string, messages: readonly TextMessage[]): Session {
    const instruction = instructionOf(messages);
    const game = {
      id: this.#spec.env,
      actions: actionsFromInstruction(instruction),
      defaultAction: this.#spec.fallback_action,
      instructionPrompt: () => instruction,
    };
    return {
      id,
      agent: new MemoryAgent(this.#spec, game, this.#models),
      step: 0,
      busy: false,
      usedAt: 0,
    };
  }

  #addAnonymous(s: Session): void {
    this.#anonymous.push(s);
    if (this.#anonymous.length <= MAX_ANONYMOUS_SESSIONS) return;
    const idle = this.#anonymous.filter((x) => !x.busy);
    const oldest = idle.reduce((a, b) => (b.usedAt < a.usedAt ? b : a), idle[0]);
    this.#anonymous = this.#anonymous.filter((x) => x !== oldest);
    if (oldest.requestKey !== undefined) this.#byRequest.delete(oldest.requestKey);
  }
}

/**
 * The instruction of a conversation: its system messages, and its first user message when a
 * later user message holds the current observation (BALROG sends the instruction as a user
 * message).
 */
export function instructionOf(messages: readonly TextMessage[]): string {
  const users = messages.filter((m) => m.role === "user");
  return [
    ...messages.filter((m) => m.role === "system"),
    ...(users.length > 1 ? users.slice(0, 1) : []),
  ].map((m) => m.content).join("\n");
}

/**
 * Flattens BALROG's messages to text messages. A message of several text parts becomes one
 * message per part: with `alternate_roles`, BALROG's client merges the instruction and the first
 * observation into one user message of two parts.
 */
export function textMessages(
  messages: readonly { role: string; content: unknown }[],
): ChatMessage[] {
  return messages.flatMap((m) => {
    const role = m.role === "assistant" ? "assistant" : m.role === "system" ? "system" : "user";
    const parts = Array.isArray(m.content)
      ? m.content.filter((c) => c && typeof c === "object" && c.type === "text")
      : [];
    if (parts.length < 2) return [{ role, content: contentText(m.content) }];
    return parts.map((p) => ({ role, content: String(p.text ?? "") }));
  });
}
