import { createRng } from "../../core/rng.ts";
import { allSpecs } from "./random_proposer.ts";
import { addEvaluation, emptyPareto, paretoFront } from "./pareto.ts";
import { evaluation } from "../testing/specs.ts";
import { specLabel } from "../../core/spec.ts";

// 150 architectures over two 50-task folds: the size of a long search's archive.
const rng = createRng("bench");
const specs = allSpecs().slice(0, 150);
const tasks = (fold: number) => Array.from({ length: 50 }, (_, i) => `t${fold}-${i}`);
let state = emptyPareto();
const baseline = { scores: {} as Record<string, number>, tokens: {} as Record<string, number> };
specs.forEach((s, i) => {
  const per = Object.fromEntries(
    tasks(i % 2).map((t) => [t, { score: rng.next(), tokens: 1000 + rng.int(500) }]),
  );
  state = addEvaluation(
    state,
    evaluation(specLabel(s), 1 + Math.floor(i / 4), i % 4, per),
    baseline,
  );
});

Deno.bench("paretoFront over 150 architectures × 50 tasks", () => {
  paretoFront(state, baseline);
});
