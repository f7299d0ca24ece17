/**
 * `--ablate`: parts of the rules proposer a run switches off, for the ablation rows of a
 * comparison (rules without FGMD, without the surrogate, without both).
 *
 * @module
 */
import type { Issue } from "../../core/issues.ts";

/** Parts of the rules proposer `--ablate` can switch off. */
export const ABLATIONS = ["fgmd", "surrogate"] as const;
/** One ablation. */
export type Ablation = typeof ABLATIONS[number];

/** Parses `--ablate` (a comma list of {@linkcode ABLATIONS}); pushes issues. */
export function parseAblate(text: string | null, proposer: string, issues: Issue[]): Ablation[] {
  if (text === null) return [];
  const out = new Set<Ablation>();
  for (const token of text.split(",").map((t) => t.trim()).filter(Boolean)) {
    if ((ABLATIONS as readonly string[]).includes(token)) out.add(token as Ablation);
    else {
      issues.push({
        code: "invalid_value",
        path: ["ablate"],
        message: `--ablate: '${token}' is not one of ${ABLATIONS.join(", ")}`,
      });
    }
  }
  if (out.size && proposer !== "rules") {
    issues.push({
      code: "invalid_combination",
      path: ["ablate"],
      message: "--ablate applies to --proposer rules only",
    });
  }
  return [...out].sort();
}
