/**
 * Endpoint resolution per model role, ported from the reference's `resolve_openai_endpoint`:
 * role-specific key and base only as a pair, otherwise the generic OpenAI variables. It reads a
 * variable map handed to it, never the process environment; every key and URL it accepts is
 * remembered for redaction by value (`secret_values.ts`).
 *
 * @module
 */
import { AutomemError, type AutomemErrorOptions } from "./automem_error.ts";
import { z } from "./zod.ts";
import { rememberSecret, rememberUrlSecrets } from "./secret_values.ts";

/** Environment variables as a plain map. */
export type Env = Record<string, string | undefined>;

const OPENAI_DEFAULT_BASE = "https://api.openai.com/v1";

/** A configuration problem the user must fix; the message names the variables involved. */
export class ConfigError extends AutomemError {
  /** Builds the error; `cause` is the underlying read or parse error, when there is one. */
  constructor(message: string, options?: AutomemErrorOptions) {
    super("config", message, options);
    this.name = "ConfigError";
  }
}

/** A secret string: prints, inspects and serialises as `***`; `reveal()` gives the value. */
export class Secret {
  readonly #value: string;
  /** Wraps `value`. */
  constructor(value: string) {
    this.#value = value;
    rememberSecret(value);
  }
  /** The secret itself, for the one place that must send it (the HTTP client). */
  reveal(): string {
    return this.#value;
  }
  /** Always `***`. */
  toJSON(): string {
    return "***";
  }
  /** Always `***`. */
  toString(): string {
    return "***";
  }
  /** Always `Secret(***)` in `Deno.inspect` / `console.log`. */
  [Symbol.for("Deno.customInspect")](): string {
    return "Secret(***)";
  }
}

/** Where a role's calls go; `keyVar`/`baseVar` name the variables it came from. */
export const EndpointSchema = z.object({
  baseURL: z.string(),
  apiKey: z.instanceof(Secret),
  keyVar: z.string(),
  /** Null when the base is the built-in default `https://api.openai.com/v1`. */
  baseVar: z.string().nullable(),
});
/** A resolved endpoint (see {@linkcode EndpointSchema}). */
export type Endpoint = z.infer<typeof EndpointSchema>;

/** The value of `name`, with empty strings counting as unset. */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** `value` when it is an http(s) URL; a {@linkcode ConfigError} naming `variable` otherwise. */
export function checkedUrl(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${variable} is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${variable} must be an http(s) URL`);
  }
  rememberUrlSecrets(value);
  return value;
}

/** `<ROLE>_API_KEY` + `<ROLE>_API_BASE` when both are set; an error when only one is. */
export function roleEndpoint(env: Env, prefix: string): Endpoint | undefined {
  const keyVar = `${prefix}_API_KEY`, baseVar = `${prefix}_API_BASE`;
  const key = envValue(env, keyVar), base = envValue(env, baseVar);
  if (!key && !base) return undefined;
  if (!key || !base) {
    throw new ConfigError(
      `${keyVar} and ${baseVar} must be set together (only ${key ? keyVar : baseVar} is set); ` +
        `a role key is never sent to the generic base, nor the generic key to a role base`,
    );
  }
  return { baseURL: checkedUrl(base, baseVar), apiKey: new Secret(key), keyVar, baseVar };
}

/** `OPENAI_API_KEY` with `OPENAI_API_BASE`, else `OPENAI_BASE_URL`, else the official API. */
export function genericEndpoint(env: Env): Endpoint | null {
  const key = envValue(env, "OPENAI_API_KEY");
  if (!key) return null;
  const baseVar = envValue(env, "OPENAI_API_BASE")
    ? "OPENAI_API_BASE"
    : envValue(env, "OPENAI_BASE_URL")
    ? "OPENAI_BASE_URL"
    : null;
  const baseURL = baseVar ? checkedUrl(envValue(env, baseVar)!, baseVar) : OPENAI_DEFAULT_BASE;
  return { baseURL, apiKey: new Secret(key), keyVar: "OPENAI_API_KEY", baseVar };
}
