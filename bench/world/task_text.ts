/**
 * The wording of `world` tasks: templates, subject synonyms, goal phrases and step hints, drawn
 * with the task's own Rng, so wording varies inside a family while the hidden procedure stays.
 *
 * @module
 */
import type { Rng } from "../../core/ports.ts";
import { sample } from "../../core/rng.ts";
import { DATASET_CLAUSES, REGION_CLAUSES, TEMPLATES } from "./lexicon.ts";
import { type EntityKind, type ProcedureStep, toolSpec } from "./tools.ts";

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

function phrase(tool: string, rng: Rng): string {
  return pick(rng, toolSpec(tool).phrases);
}

/**
 * Writes a task's text: a template, one of the family's subject synonyms, a phrase for the goal,
 * the dataset and region clauses the procedure needs, and 0–2 hints naming earlier steps in order.
 */
export function taskText(
  rng: Rng,
  subject: readonly [string, string, string],
  procedure: readonly ProcedureStep[],
  entities: Partial<Record<EntityKind, string>>,
): { text: string; variant: string } {
  const t = rng.int(TEMPLATES.length);
  const s = rng.int(3);
  const goal = procedure[procedure.length - 1].tool;
  const v = rng.int(toolSpec(goal).phrases.length);
  let ctx = "";
  if (entities.dataset) ctx += pick(rng, DATASET_CLAUSES).replace("{dataset}", entities.dataset);
  if (entities.region) ctx += pick(rng, REGION_CLAUSES).replace("{region}", entities.region);
  const middle = procedure.slice(0, -1).map((p) => p.tool);
  const hints = sample(rng, middle, rng.int(3))
    .sort((a, b) => middle.indexOf(a) - middle.indexOf(b))
    .map((tool) => phrase(tool, rng));
  const hint = hints.length === 0
    ? ""
    : hints.length === 1
    ? pick(rng, [` First ${hints[0]}.`, ` Remember to ${hints[0]}.`])
    : ` First ${hints[0]}, then ${hints[1]}.`;
  const text = TEMPLATES[t]
    .replace("{verb}", toolSpec(goal).phrases[v])
    .replace("{subject}", subject[s])
    .replace("{customer}", entities.customer ?? "the customer")
    .replace("{ctx}", ctx)
    .replace("{hint}", hint);
  return { text: text[0].toUpperCase() + text.slice(1), variant: `t${t}s${s}v${v}` };
}
