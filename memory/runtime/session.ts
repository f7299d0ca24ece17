/**
 * The session registry of `automem-runtime-v1` (docs/design.md#session-registry, "G3"): per
 * benchmark task it decides whether a memory request may run (BEGIN, or one IN at an explicit
 * refresh boundary) and remembers what was injected so nothing is injected twice.
 *
 * Deliberate differences from the reference:
 * - Sessions are keyed by the benchmark's task id only (never by query text, never by a random
 *   agent-side id; docs/design.md#fix-self-retrieval).
 * - A BEGIN on a session that is still open (no `close` since the last BEGIN) is a restart, not a
 *   silent wipe (docs/design.md#fix-sessions): the refresh budget starts over, but the injected
 *   unit ids and guidance fingerprints are kept, so a restarted task is never handed the same
 *   memory twice. The decision says `restarted: true` so traces can show it. `close` (called at
 *   `endTask`) ends the session; the next BEGIN for that id starts from scratch.
 * - The registry is bounded: the least recently used session is dropped beyond `capacity`
 *   (the reference never pruned, docs/design.md#fix-sessions).
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";
import { sha256Hex } from "../../core/canonical_json.ts";
import { RUNTIME_POLICY } from "../../core/runtime_policy.ts";

/** The two request phases: task start, and the refresh at an explicit boundary. */
export type SessionPhase = "begin" | "in";

/**
 * Sessions kept before the least recently used one is dropped. An implementation bound, not a
 * policy constant: it only matters when more tasks than this run concurrently on one provider.
 */
export const DEFAULT_SESSION_CAPACITY = 256;

/** Why a phase was allowed or denied. */
export interface PhaseDecision {
  allowed: boolean;
  /** `begin`, `restart`, `refresh`, or the reason of a denial. */
  reason: "begin" | "restart" | "refresh" | "no_boundary" | "refresh_budget_spent" | "no_session";
  /** True when a BEGIN found the session still open (the task restarted). */
  restarted: boolean;
}

/** Options of {@linkcode SessionRegistry}. */
export interface SessionRegistryOptions {
  /** Maximum open sessions (LRU). Default {@linkcode DEFAULT_SESSION_CAPACITY}. */
  capacity?: number;
  /** Refreshes allowed per BEGIN; default and policy value `max_refreshes_per_task` (1). */
  maxRefreshes?: number;
}

interface Session {
  refreshes: number;
  ids: Set<string>;
  fingerprints: Set<string>;
}

/** SHA-256 of the trimmed guidance text: the duplicate-guidance key. */
export function guidanceFingerprint(guidance: string): string {
  return sha256Hex(guidance.trim());
}

/** Normalises a task id into a session key; an empty key is a caller bug. */
function keyOf(taskId: string): string {
  const key = taskId.trim();
  if (key === "") {
    throw new AutomemError("invalid_argument", "session key: task id must be a non-empty string");
  }
  return key;
}

/** Per-task injection bookkeeping (see the module docs for the rules). */
export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  readonly #capacity: number;
  readonly #maxRefreshes: number;

  /** Builds an empty registry. */
  constructor(options: SessionRegistryOptions = {}) {
    const capacity = options.capacity ?? DEFAULT_SESSION_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new AutomemError(
        "invalid_argument",
        `capacity must be a positive integer, got ${capacity}`,
      );
    }
    const maxRefreshes = options.maxRefreshes ?? RUNTIME_POLICY.max_refreshes_per_task;
    if (!Number.isInteger(maxRefreshes) || maxRefreshes < 0) {
      throw new AutomemError(
        "invalid_argument",
        `maxRefreshes must be a natural number, got ${maxRefreshes}`,
      );
    }
    this.#capacity = capacity;
    this.#maxRefreshes = maxRefreshes;
  }

  /** Number of open sessions. */
  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Decides whether a request may run, and counts an IN attempt BEFORE retrieval, so an attempt
   * that finds nothing still spends the refresh budget (docs/design.md#session-registry).
   */
  phaseAllowed(taskId: string, phase: SessionPhase, refreshBoundary = false): PhaseDecision {
    const key = keyOf(taskId);
    const session = this.#touch(key);
    if (phase === "begin") {
      if (session) {
        session.refreshes = 0;
        return { allowed: true, reason: "restart", restarted: true };
      }
      this.#insert(key, { refreshes: 0, ids: new Set(), fingerprints: new Set() });
      return { allowed: true, reason: "begin", restarted: false };
    }
    if (!session) return { allowed: false, reason: "no_session", restarted: false };
    if (!refreshBoundary) return { allowed: false, reason: "no_boundary", restarted: false };
    if (session.refreshes >= this.#maxRefreshes) {
      return { allowed: false, reason: "refresh_budget_spent", restarted: false };
    }
    session.refreshes++;
    return { allowed: true, reason: "refresh", restarted: false };
  }

  /** The ids of `ids` not injected yet in this task's session, in input order. */
  unseen(taskId: string, ids: readonly string[]): string[] {
    const session = this.#sessions.get(keyOf(taskId));
    return session ? ids.filter((id) => !session.ids.has(id)) : [...ids];
  }

  /**
   * Records an injection. Returns false (and records nothing) when the same guidance text was
   * already injected in this session, or when the session does not exist.
   */
  commit(taskId: string, ids: readonly string[], guidance: string): boolean {
    const session = this.#touch(keyOf(taskId));
    if (!session) return false;
    const fp = guidanceFingerprint(guidance);
    if (session.fingerprints.has(fp)) return false;
    session.fingerprints.add(fp);
    for (const id of ids) session.ids.add(id);
    return true;
  }

  /** Unit ids injected so far in this task's session, in injection order. */
  injectedIds(taskId: string): string[] {
    return [...(this.#sessions.get(keyOf(taskId))?.ids ?? [])];
  }

  /** Ends a task's session (at `endTask`); the next BEGIN starts from scratch. */
  close(taskId: string): boolean {
    return this.#sessions.delete(keyOf(taskId));
  }

  #touch(key: string): Session | undefined {
    const session = this.#sessions.get(key);
    if (session) {
      // Map iteration order is insertion order: re-inserting marks the session most recent.
      this.#sessions.delete(key);
      this.#sessions.set(key, session);
    }
    return session;
  }

  #insert(key: string, session: Session): void {
    this.#sessions.set(key, session);
    while (this.#sessions.size > this.#capacity) {
      const oldest = this.#sessions.keys().next().value as string;
      this.#sessions.delete(oldest);
    }
  }
}
