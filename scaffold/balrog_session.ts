/**
 * The memory agent behind a BALROG-shaped chat request. BALROG's agents send the instruction
 * and a window of past observations and actions as chat messages; only the LATEST user message
 * (the current observation) is used, the agent's own memory files replace the history. An
 * episode starts when a request holds no assistant message (BALROG's first step of an episode)
 * or when the `x-automem-episode` header changes. Observation text is parsed in BALROG's NetHack
 * layout (`message:`, `cursor:`, `map:`, `inventory:`); other games' text is used as it is.
 *
 * @module
 */
import type { GameObservation } from "../bench/games/game_port.ts";
import type { ChatMessage } from "../core/ports.ts";
import { MemoryAgent } from "./agent.ts";
import { depthOf } from "./map_analysis.ts";
import type { AgentModels } from "./phases.ts";
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

interface Session {
  agent: MemoryAgent;
  step: number;
  last?: string;
  episode?: string;
}

/** Sessions of the endpoint: one memory agent per session id. */
export class BalrogSessions {
  #sessions = new Map<string, Session>();
  #spec: ScaffoldSpec;
  #models: AgentModels;
  #persist: boolean;

  /** Builds the sessions for a scaffold and the upstream models. */
  constructor(spec: ScaffoldSpec, models: AgentModels, persistMemory = false) {
    this.#spec = spec;
    this.#models = models;
    this.#persist = persistMemory;
  }

  /** Answers one request with an action and reports whether it began an episode. */
  async act(
    messages: readonly { role: string; content: string }[],
    sessionId: string,
    episodeId: string | undefined,
    signal?: AbortSignal,
  ): Promise<{ action: string; newEpisode: boolean; step: number }> {
    const users = messages.filter((m) => m.role === "user");
    const current = users[users.length - 1]?.content ?? "";
    const instruction = [...messages.filter((m) => m.role === "system"), ...users.slice(0, 1)].map((
      m,
    ) => m.content).join("\n");
    let s = this.#sessions.get(sessionId);
    const newEpisode = !s ||
      !messages.some((m) => m.role === "assistant") && episodeId === undefined ||
      (episodeId !== undefined && episodeId !== s.episode);
    if (!s) {
      const actions = actionsFromInstruction(instruction);
      const game = {
        id: this.#spec.env,
        actions,
        defaultAction: this.#spec.fallback_action,
        instructionPrompt: () => instruction,
      };
      s = { agent: new MemoryAgent(this.#spec, game, this.#models), step: 0 };
      this.#sessions.set(sessionId, s);
    }
    if (newEpisode) {
      s.agent.startEpisode(this.#persist);
      s.step = 0;
      s.last = undefined;
      s.episode = episodeId;
    }
    const obs = observationFromText(current);
    const prev = s.last === undefined
      ? undefined
      : { action: s.last, invalid: /did not contain a valid action/.test(current) };
    const trace = await s.agent.act(obs, prev, s.step, signal);
    const action = trace.raw_action !== null && !trace.fallback
      ? trace.action
      : trace.raw_action ?? trace.action;
    s.last = action;
    s.step++;
    return { action, newEpisode, step: s.step - 1 };
  }
}

/** Flattens BALROG's messages to text messages. */
export function textMessages(
  messages: readonly { role: string; content: unknown }[],
): ChatMessage[] {
  return messages.map((m) => ({
    role: m.role === "assistant" ? "assistant" : m.role === "system" ? "system" : "user",
    content: contentText(m.content),
  }));
}
