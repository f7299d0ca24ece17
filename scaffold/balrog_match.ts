/**
 * Which episode a BALROG request belongs to when it carries no session id. BALROG's client sends
 * the instruction, a sliding window of past observations and actions, and the current
 * observation; 16 workers play side by side through one endpoint. A request continues an episode
 * when its last assistant message is the action that episode was just given and the observation
 * before it (BALROG repeats it as `Observation:` without the current-only parts) is part of the
 * observation that episode was answering. A request without any assistant message starts an
 * episode. The window may drop the first observation, so the match uses the end of the
 * conversation, never its start.
 *
 * @module
 */

/** A text message as the endpoint reads it. */
export interface TextMessage {
  role: string;
  content: string;
}

/** What a session remembers of the request it answered last. */
export interface MatchState {
  /** The action it answered. */
  lastAction?: string;
  /** The current observation it answered. */
  lastObservation?: string;
  /** A request of this session is being answered. */
  busy: boolean;
}

/**
 * BALROG keeps only letters, spaces and colons of a reply (and strips it) before it repeats it as
 * the assistant message; both sides are compared that way.
 */
export function normalizeAction(text: string): string {
  return text.replace(/[^a-zA-Z\s:]/g, "").trim().toLowerCase();
}

/** The observation text of a history message: its `Observation:` header line removed. */
export function observationBody(text: string): string {
  return text.replace(/^\s*(?:current\s+)?observation:[ \t]*\n/i, "").trim();
}

/** The episode evidence of a request: its last assistant message and the observation before. */
export function continuationOf(
  messages: readonly TextMessage[],
): { action: string; observation: string } | undefined {
  let a = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === "assistant") {
      a = i;
      break;
    }
  }
  if (a < 0) return undefined;
  let observation = "";
  for (let i = a - 1; i >= 0; i--) {
    if (messages[i].role === "user") {
      observation = observationBody(messages[i].content);
      break;
    }
  }
  return { action: normalizeAction(messages[a].content), observation };
}

/** True when `state` is the episode that `evidence` continues. */
export function continues(
  state: MatchState,
  evidence: { action: string; observation: string },
): boolean {
  if (state.busy || state.lastAction === undefined || state.lastObservation === undefined) {
    return false;
  }
  return normalizeAction(state.lastAction) === evidence.action &&
    state.lastObservation.includes(evidence.observation);
}
