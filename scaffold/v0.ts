/**
 * The v0 scaffold of each environment, as in the seed: append-only files, the full op
 * vocabulary in LOG, read-only ops in PLAN, no sensors, no keyed files, no pruning.
 *
 * @module
 */
import { ScaffoldError } from "./errors.ts";
import { type ScaffoldSpec, ScaffoldSpecSchema } from "./spec.ts";

const NETHACK_RULES = [
  "Actions are single words from the action list (e.g. 'north', 'search', 'down').",
  "Commands that ask a question (eat, open, ...) take the answer as the NEXT action.",
  "Use 'down' only while standing on '>'.",
].join("\n") + "\n";

const NETHACK_SYMBOLS = [
  "@ you (or a human)",
  ". floor",
  "# corridor",
  "+ door or spellbook",
  "| - walls",
  "> stairs down",
  "< stairs up",
  "letters: monsters",
  "blank: rock or unexplored",
].join("\n") + "\n";

/**
 * The real games' budget per phase: their instruction (NetHack lists ~80 actions; BALROG's
 * NetHack instruction is 4,051 characters) and a full screen take ~9,000 characters, which the
 * observation-first budget never cuts; the rest is room for memory.
 */
const REAL_GAME_BUDGET = 16_000;

const COMMON_FILES = [
  { name: "dungeon_map.txt", purpose: "places seen: '(x,y): what is there', stairs, dead ends" },
  { name: "actions_log.txt", purpose: "what each action did" },
  { name: "strategy.txt", purpose: "lessons: what failed and what worked" },
];

function v0(
  env: string,
  extraFiles: { name: string; seed?: string; purpose?: string }[],
  fallback: string,
  budget?: number,
): ScaffoldSpec {
  return ScaffoldSpecSchema.parse({
    schema_version: 1,
    name: `${env}_v0`,
    env,
    files: [...extraFiles, ...COMMON_FILES],
    log_ops: ["READ", "SEARCH", "TAIL", "COUNT", "APPEND", "WRITE", "CREATE"],
    plan_ops: ["READ", "SEARCH", "TAIL", "COUNT"],
    fallback_action: fallback,
    ...(budget === undefined ? {} : { context_budget_chars: budget }),
  });
}

/** The v0 scaffolds by environment id. */
export const V0_SCAFFOLDS: Readonly<Record<string, ScaffoldSpec>> = {
  tiny: v0("tiny", [{
    name: "game_rules.txt",
    seed: "Use 'down' only while standing on '>'.\n",
    purpose: "rules of the game",
  }], "search"),
  nethack: v0(
    "nethack",
    [
      { name: "game_rules.txt", seed: NETHACK_RULES, purpose: "rules of the action format" },
      { name: "nethack_symbols.txt", seed: NETHACK_SYMBOLS, purpose: "map legend" },
      { name: "monster_encounters.txt", purpose: "monsters met and how fights went" },
      { name: "inventory.txt", purpose: "what you carry" },
    ],
    "search",
    REAL_GAME_BUDGET,
  ),
  crawl: v0(
    "crawl",
    [
      { name: "game_rules.txt", seed: NETHACK_RULES, purpose: "rules of the action format" },
      { name: "monster_encounters.txt", purpose: "monsters met and how fights went" },
      { name: "inventory.txt", purpose: "what you carry" },
    ],
    "wait",
    REAL_GAME_BUDGET,
  ),
};

/** The v0 scaffold of an environment; throws for an unknown id. */
export function v0Scaffold(env: string): ScaffoldSpec {
  const s = V0_SCAFFOLDS[env];
  if (!s) throw new ScaffoldError("unknown_env", `no v0 scaffold for environment '${env}'`);
  return structuredClone(s);
}
