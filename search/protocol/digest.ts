/**
 * The evaluation-protocol digest (docs/design.md#protocol-digest): a hash over everything that
 * changes what a search measures — models, prompt texts, dataset hash, split, seed, code version,
 * runtime policy and behaviour flags. On `--resume` a mismatch refuses and says what changed,
 * instead of the reference's silent wipe.
 *
 * @module
 */
import { canonicalJson, sha256Hex } from "../../core/canonical_json.ts";
import { ARTIFACT_SCHEMA_VERSION, type EvalProtocol } from "../artifacts.ts";

/** Bumped whenever the engine changes what a run measures. */
export const SEARCH_CODE_VERSION = "automem-search-2";

/** What the digest covers. */
export interface ProtocolComponents {
  models: Record<string, string | null>;
  /** sha256 of each prompt text, by name. */
  prompts: Record<string, string>;
  dataset_hash: string;
  /** sha256 of the canonical split lists. */
  split: string;
  seed: number;
  code_version: string;
  runtime_policy: string;
  flags: Record<string, unknown>;
}

/** Builds `eval_protocol.json`; `recorded` holds settings that never change results. */
export function buildProtocol(
  components: ProtocolComponents,
  recorded: Record<string, unknown>,
): EvalProtocol {
  const plain = JSON.parse(canonicalJson(components)) as Record<string, unknown>;
  return {
    schema_version: ARTIFACT_SCHEMA_VERSION,
    digest: sha256Hex(canonicalJson(plain)).slice(0, 24),
    components: plain,
    recorded,
  };
}

function describe(v: unknown): string {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s === undefined ? "(absent)" : s.length > 40 ? s.slice(0, 12) + "…" : s;
}

/**
 * Lists what differs between a saved and a current protocol, one human-readable line per leaf
 * (`models.search: gpt-a → gpt-b`, `prompts.architecture_search changed`, `split changed`).
 */
export function diffProtocol(saved: EvalProtocol, current: EvalProtocol): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (canonicalJson(a) === canonicalJson(b)) return;
    const isObj = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    if (isObj(a) && isObj(b) && path !== "split") {
      const ka = a as Record<string, unknown>, kb = b as Record<string, unknown>;
      for (const k of [...new Set([...Object.keys(ka), ...Object.keys(kb)])].sort()) {
        walk(ka[k], kb[k], path ? `${path}.${k}` : k);
      }
      return;
    }
    if (path.startsWith("prompts.") || path === "split" || path === "dataset_hash") {
      out.push(`${path} changed`);
    } else out.push(`${path}: ${describe(a)} → ${describe(b)}`);
  };
  walk(saved.components, current.components, "");
  return out;
}
