/**
 * `automem game`: the real games from the command line. `list` shows each game and whether it
 * can run here; `play` plays a seeded episode from an action list and prints every step;
 * `bench` measures steps per second beside a bare pty key-echo loop in the same run.
 *
 * @module
 */
import type { CommandDef } from "./command.ts";
import { type CliIo, EXIT, UsageError } from "./io.ts";

/** The game registry pulls in the pty driver and terminal renderer: load it only for `game`. */
const registry = () => import("../bench/games/env_registry.ts");

function checkGame(id: string, ids: readonly string[]): void {
  if (!ids.includes(id)) {
    throw new UsageError(`unknown game '${id}' (expected one of: ${ids.join(", ")})`);
  }
}

interface PlayOptions {
  readonly seed: number;
  readonly actions: readonly string[];
  readonly maxSteps?: number;
  readonly json: boolean;
}

async function play(id: string, opts: PlayOptions, io: CliIo): Promise<number> {
  const { seed, actions, json } = opts;
  const { createGameEnv } = await registry();
  const env = await createGameEnv(id, { signal: io.signal, maxSteps: opts.maxSteps });
  try {
    const first = await env.reset(seed);
    if (json) io.stdout(JSON.stringify({ step: 0, observation: first }) + "\n");
    else io.stdout(`seed ${seed}\n${first.text}\n`);
    for (const [i, action] of actions.entries()) {
      if (io.signal.aborted) return EXIT.interrupted;
      const step = await env.step(action);
      if (json) io.stdout(JSON.stringify({ step: i + 1, action, ...step }) + "\n");
      else {
        io.stdout(
          `--- step ${i + 1}: ${step.executed}${
            step.valid ? "" : ` (invalid '${action}')`
          }\n${step.observation.text}\n`,
        );
      }
      if (step.terminated || step.truncated) break;
    }
    const summary = { progression: env.progression(), stats: env.stats() };
    io.stdout((json ? JSON.stringify(summary) : `episode: ${JSON.stringify(summary)}`) + "\n");
    return EXIT.ok;
  } finally {
    await env.close();
  }
}

/** `automem game list|play|bench`. */
export const gameCommand: CommandDef = {
  name: "game",
  usage:
    "automem game list | play GAME --seed N --actions A,B,... [--json] | bench [--games nethack,crawl] [--steps N] [--json]",
  summary:
    "Real NetHack and Dungeon Crawl under a pty: list availability, play a seeded episode from an action list, or measure steps/s beside a bare pty key-echo loop.",
  flags: [
    { name: "seed", type: "number", default: 42, description: "episode seed (play)" },
    {
      name: "actions",
      type: "string",
      meta: "LIST",
      default: "",
      description: "comma-separated action words (play)",
    },
    { name: "max_steps", type: "number", description: "truncate the episode after N steps" },
    {
      name: "games",
      type: "string",
      meta: "LIST",
      default: "nethack,crawl",
      description: "games to measure (bench)",
    },
    { name: "steps", type: "number", default: 200, description: "steps per measurement (bench)" },
    { name: "json", type: "boolean", description: "one JSON object per line" },
  ],
  positionals: { min: 1, max: 2 },
  async run({ flags, positionals, io }) {
    const { gameEnvIds, gameUnavailableReason } = await registry();
    const [sub, game] = positionals;
    if (sub === "list") {
      for (const id of gameEnvIds()) {
        const reason = gameUnavailableReason(id);
        io.stdout(
          flags.json
            ? JSON.stringify({ game: id, available: reason === undefined, reason }) + "\n"
            : `${id}: ${reason === undefined ? "available" : `unavailable (${reason})`}\n`,
        );
      }
      return EXIT.ok;
    }
    if (sub === "play") {
      if (game === undefined) throw new UsageError("play needs a GAME");
      checkGame(game, gameEnvIds());
      const seed = Number(flags.seed);
      if (!Number.isSafeInteger(seed) || seed < 0) {
        throw new UsageError(`--seed: expected a non-negative integer, got ${flags.seed}`);
      }
      const actions = String(flags.actions).split(",").map((a) => a.trim()).filter(Boolean);
      const maxSteps = flags.max_steps === undefined ? undefined : Number(flags.max_steps);
      return await play(game, { seed, actions, maxSteps, json: Boolean(flags.json) }, io);
    }
    if (sub === "bench") {
      const games = String(flags.games).split(",").map((g) => g.trim()).filter(Boolean);
      for (const g of games) checkGame(g, gameEnvIds());
      const steps = Number(flags.steps);
      if (!Number.isSafeInteger(steps) || steps < 1) {
        throw new UsageError(`--steps: expected a positive integer, got ${flags.steps}`);
      }
      const runnable = games.filter((g) => {
        const reason = gameUnavailableReason(g);
        if (reason !== undefined) io.stderr(`skipping ${g}: ${reason}\n`);
        return reason === undefined;
      });
      const { runGameSpeed } = await import("../bench/games/game_speed.ts");
      for (const r of await runGameSpeed(runnable, steps)) {
        io.stdout(
          flags.json
            ? JSON.stringify(r) + "\n"
            : `${r.name.padEnd(8)} ${r.steps_per_second.toFixed(1).padStart(7)} steps/s  ${
              (1000 / r.steps_per_second).toFixed(2).padStart(6)
            } ms/step  ${r.ratio_to_echo.toFixed(2)}x the echo loop's time\n`,
        );
      }
      return EXIT.ok;
    }
    throw new UsageError(`unknown subcommand '${sub}' (expected: list, play, bench)`);
  },
};
