/**
 * `automem curves --replay`: the strategies to replay on every landscape, from `--replay`,
 * `--bootstrap`, `--seeds`, `--rounds` and `--k` (every strategy × bootstrap × seed).
 *
 * @module
 */
import type { Ablation } from "../search/egas/ablation.ts";
import type { Bootstrap } from "../search/egas/bootstrap.ts";
import type { ReplayOptions } from "../search/landscape_replay.ts";
import { UsageError } from "./io.ts";
import { parseRanges } from "./memory_commands.ts";

/** Replayable strategies: the rules proposer, its ablations, and random search. */
export const REPLAY_STRATEGIES: Readonly<
  Record<string, { proposer: "rules" | "random"; ablate: Ablation[] }>
> = {
  rules: { proposer: "rules", ablate: [] },
  rules_no_fgmd: { proposer: "rules", ablate: ["fgmd"] },
  rules_no_surrogate: { proposer: "rules", ablate: ["surrogate"] },
  rules_no_both: { proposer: "rules", ablate: ["fgmd", "surrogate"] },
  random: { proposer: "random", ablate: [] },
};

const list = (text: string) => text.split(",").map((t) => t.trim()).filter(Boolean);

function positive(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`--${flag} must be a positive integer, got ${value}`);
  }
  return n;
}

/** The replays the flags ask for; empty without `--replay`. Throws `UsageError`. */
export function replaysFrom(flags: Record<string, unknown>): ReplayOptions[] {
  if (flags.replay === undefined) return [];
  const names = list(String(flags.replay));
  for (const n of names) {
    if (!REPLAY_STRATEGIES[n]) {
      throw new UsageError(
        `--replay: '${n}' is not one of ${Object.keys(REPLAY_STRATEGIES).join(", ")}`,
      );
    }
  }
  if (!names.length) throw new UsageError("--replay is empty");
  const kinds = list(String(flags.bootstrap ?? "random"));
  for (const k of kinds) {
    if (!["none", "fixed", "random"].includes(k)) {
      throw new UsageError(`--bootstrap: '${k}' is not one of none, fixed, random`);
    }
  }
  const seeds = parseRanges(String(flags.seeds ?? "1-5"), "seeds");
  const rounds = positive(flags.rounds ?? 8, "rounds");
  const k = positive(flags.k ?? 4, "k");
  return kinds.flatMap((kind) =>
    names.flatMap((name) =>
      seeds.map((seed) => {
        // random: the list of seed s, so every strategy with seed s starts from the same list.
        const bootstrap: Bootstrap = kind === "random"
          ? { kind: "random", seed }
          : { kind: kind as "none" | "fixed" };
        return { ...REPLAY_STRATEGIES[name], bootstrap, seed, rounds, k };
      })
    )
  );
}
