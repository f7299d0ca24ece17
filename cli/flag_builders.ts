/**
 * Short builders for flag definitions, so command tables read as one line per flag.
 *
 * @module
 */
import type { FlagDef } from "./args.ts";

/** A string flag; `meta` names its value in help (`--run_name NAME`). */
export function stringFlag(name: string, description: string, meta = "VALUE"): FlagDef {
  return { name, type: "string", description, meta };
}

/** A number flag (decimal integers only), with an optional default. */
export function numberFlag(name: string, description: string, def?: number): FlagDef {
  return { name, type: "number", description, ...(def !== undefined ? { default: def } : {}) };
}

/** A boolean switch. */
export function booleanFlag(name: string, description: string): FlagDef {
  return { name, type: "boolean", description };
}
