/**
 * A three-question, three-trial Reflexion HotpotQA log for tests of the `reflexion-hotpotqa`
 * benchmark, small enough to score by hand.
 *
 * @module
 */
import { join } from "node:path";

const WATER = `Question: Is water wet?
Thought 1: It is.
Action 1: Finish[yes]
Observation 1: Answer is CORRECT
Correct answer: yes
`;
const ANN_SOLVED = `Question: Which band did Ann Lee join?
Thought 1: My memory says Blue Rain.
Action 1: Finish[Blue Rain]
Observation 1: Answer is CORRECT
Correct answer: Blue Rain
`;
const corp = (thought: string, query: string, observation: string) =>
  `Question: Who founded X Corp?
Thought 1: ${thought}
Action 1: Search[${query}]
Observation 1: ${observation}
Correct answer: Jane Roe
`;
const header = (trial: number, correct: number, incorrect: number) =>
  `BEGIN TRIAL ${trial}
Trial summary: Correct: ${correct}, Incorrect: ${incorrect}, Halted: 1
`;
const section = (label: string) => `------------- BEGIN ${label} AGENTS -------------\n`;

/**
 * Three questions, three trials. A (Ann Lee) fails trial 1 and is solved at trial 2: checked at
 * trial 2. B (X Corp) never succeeds: checked at trials 2 and 3. C is solved at once: no task.
 * Solved records are copied into later trials, as Reflexion's log does.
 */
export const HOTPOT_FIXTURE_LOG = header(1, 1, 1) + section("CORRECT") + WATER +
  section("INCORRECT") +
  `Question: Which band did Ann Lee join?
Thought 1: I need to search Ann Lee.
Action 1: Search[Ann Lee]
Observation 1: Ann Lee joined the band Blue Rain in 1999. She is a singer.
Thought 2: I think it is Red Sky.
Action 2: Finish[Red Sky]
Observation 2: Answer is INCORRECT
Correct answer: Blue Rain
` +
  section("HALTED") + corp("Search X Corp.", "X Corp", "No Results") +
  header(2, 2, 0) + section("CORRECT") + WATER + ANN_SOLVED + section("HALTED") +
  corp("Search X Corp again.", "X Corp", "No Results") +
  header(3, 2, 0) + section("CORRECT") + WATER + ANN_SOLVED + section("HALTED") +
  corp("Search X Corp founder.", "X Corp founder", "X Corp was founded by Jane Roe in 1980.");

/** Writes {@linkcode HOTPOT_FIXTURE_LOG} to a fresh temporary directory; returns its path. */
export async function writeHotpotFixture(): Promise<string> {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "hotpot.txt");
  await Deno.writeTextFile(path, HOTPOT_FIXTURE_LOG);
  return path;
}
