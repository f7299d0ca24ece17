/**
 * Infrastructure faults versus task failures. A model, embedder, judge or storage call that still
 * fails after its retries says nothing about the architecture being measured, so it must never
 * become a score of 0: the ports are wrapped so that such a failure is remembered by a
 * {@linkcode FaultTracker} even when a benchmark catches it and records the task as failed. The
 * runner checks the tracker before committing any work and stops the run instead.
 *
 * @module
 */
import { AutomemError } from "./automem_error.ts";
import type { ChatModel, ChatRequest, ChatResult, Embedder } from "./ports.ts";
import { ModelError } from "./ports.ts";
import { redactUrlsIn } from "./redact_url.ts";

/** A failure of the machinery around a task (endpoint, disk), not of the task itself. */
export class InfrastructureError extends AutomemError {
  /** What failed: a model role (`task`, `judge`, …), `embedder`, `storage` or `io`. */
  readonly component: string;
  /** Builds the error; the message is scrubbed of URL secrets. */
  constructor(component: string, message: string, options: { cause?: unknown } = {}) {
    super("infrastructure", redactUrlsIn(message), options);
    this.name = "InfrastructureError";
    this.component = component;
  }
}

const HTTP_INFRA = new Set([401, 403, 404, 408, 409, 429]);

/**
 * True when a model error means the endpoint is unusable (unreachable, timing out, refusing the
 * key, rate-limited or failing with 5xx after every retry) rather than that the model answered
 * badly for this task.
 */
export function isEndpointFault(e: unknown): boolean {
  if (!(e instanceof ModelError)) return false;
  if (e.code === "network" || e.code === "timeout") return true;
  return e.code === "http" && e.status !== undefined &&
    (HTTP_INFRA.has(e.status) || e.status >= 500);
}

const IO_CODES = new Set([
  "ENOSPC",
  "EROFS",
  "EIO",
  "EACCES",
  "EPERM",
  "EDQUOT",
  "EMFILE",
  "ENFILE",
]);

/** True when `e` is an operating-system I/O failure (disk full, read-only, I/O or permission error). */
export function isIoFault(e: unknown): boolean {
  if (e instanceof Deno.errors.PermissionDenied) return true;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && IO_CODES.has(code);
}

/** The scrubbed one-line description of a thrown value. */
function describe(e: unknown): string {
  return redactUrlsIn(e instanceof Error ? e.message : String(e));
}

/** Wraps an I/O fault as an {@linkcode InfrastructureError}; other values are returned as is. */
export function asInfrastructure(e: unknown, component = "io"): unknown {
  if (e instanceof InfrastructureError) return e;
  if (isIoFault(e)) {
    const code = (e as { code?: string }).code ?? "EACCES";
    return new InfrastructureError(component, `I/O error ${code}: ${describe(e)}`, { cause: e });
  }
  return e;
}

/** Remembers the first infrastructure fault of a run; later checks keep failing with it. */
export class FaultTracker {
  #first: InfrastructureError | undefined;
  #count = 0;
  readonly #onFault?: (error: InfrastructureError) => void;

  /** `onFault` is called on the first fault (e.g. to abort work that would only fail again). */
  constructor(onFault?: (error: InfrastructureError) => void) {
    this.#onFault = onFault;
  }

  /** Records a fault (the first one is what the run reports). */
  record(error: InfrastructureError): void {
    const first = this.#first === undefined;
    this.#first ??= error;
    this.#count++;
    if (first) this.#onFault?.(error);
  }

  /** The first recorded fault, if any. */
  get first(): InfrastructureError | undefined {
    return this.#first;
  }

  /** How many faults were recorded. */
  get count(): number {
    return this.#count;
  }

  /** Throws the first recorded fault, if any: called before any work is committed. */
  check(): void {
    if (this.#first) throw this.#first;
  }
}

/** Records `fault` in `tracker` and returns it (to be thrown). */
function noted(tracker: FaultTracker, fault: InfrastructureError): InfrastructureError {
  tracker.record(fault);
  return fault;
}

/**
 * `model` with endpoint faults recorded in `tracker` and rethrown as
 * {@linkcode InfrastructureError} naming the role; an I/O fault in the call's chain (a wrapper's
 * file write) is one too; other errors pass through unchanged.
 */
export function guardModel(model: ChatModel, role: string, tracker: FaultTracker): ChatModel {
  return {
    id: model.id,
    async chat<T = unknown>(request: ChatRequest<T>): Promise<ChatResult<T>> {
      try {
        return await model.chat(request);
      } catch (e) {
        if (isIoFault(e)) throw noted(tracker, asInfrastructure(e, "io") as InfrastructureError);
        if (!isEndpointFault(e)) throw e;
        const fault = new InfrastructureError(role, `${role} model: ${describe(e)}`, { cause: e });
        tracker.record(fault);
        throw fault;
      }
    },
  };
}

/** `embedder` with endpoint faults recorded in `tracker` (see {@linkcode guardModel}). */
export function guardEmbedder(embedder: Embedder, tracker: FaultTracker): Embedder {
  return {
    id: embedder.id,
    dim: embedder.dim,
    async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      try {
        return await embedder.embed(texts, signal);
      } catch (e) {
        if (isIoFault(e)) throw noted(tracker, asInfrastructure(e, "io") as InfrastructureError);
        if (!isEndpointFault(e)) throw e;
        const fault = new InfrastructureError("embedder", `embedder: ${describe(e)}`, {
          cause: e,
        });
        tracker.record(fault);
        throw fault;
      }
    },
  };
}

/**
 * `target` with every method's I/O faults (and errors `isFault` accepts, e.g. damaged store
 * files) recorded in `tracker` under `component`, then rethrown. Used for memory providers,
 * whose failures benchmarks may otherwise fold into a task result.
 */
export function guardMethods<T extends object>(
  target: T,
  component: string,
  tracker: FaultTracker,
  isFault: (e: unknown) => boolean = () => false,
): T {
  const note = (e: unknown): unknown => {
    if (e instanceof InfrastructureError) {
      tracker.record(e);
      return e;
    }
    if (!isIoFault(e) && !isFault(e)) return e;
    const fault = isIoFault(e)
      ? asInfrastructure(e, component) as InfrastructureError
      : new InfrastructureError(component, `${component}: ${describe(e)}`, { cause: e });
    tracker.record(fault);
    return fault;
  };
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        let out: unknown;
        try {
          out = value.apply(obj, args);
        } catch (e) {
          throw note(e);
        }
        return out instanceof Promise ? out.catch((e) => Promise.reject(note(e))) : out;
      };
    },
  });
}
