/**
 * A three-question, three-trial Reflexion HotpotQA log for tests of the `reflexion-hotpotqa`
 * benchmark, small enough to score by hand.
 *
 * @module
 */
import { join } from "node:path";

/**
 * Three questions, three trials. A (Ann Lee) fails trial 1 and is solved at trial 2: checked at
 * trial 2. B (X Corp) never succeeds: checked at trials 2 and 3. C is solved at once: no task.
 */
export const HOTPOT_FIXTURE_LOG = `BEGIN TRIAL 1
Trial summary: Correct: 1, Incorrect: 1, Halted: 1
------------- BEGIN CORRECT AGENTS -------------
Question: Is water wet?
Thought 1: It is.
Action 1: Finish[yes]
Observation 1: Answer is CORRECT
Correct answer: yes
------------- BEGIN INCORRECT AGENTS -----------
Question: Which band did Ann Lee join?
Thought 1: I need to search Ann Lee.
Action 1: Search[Ann Lee]
Observation 1: Ann Lee joined the band Blue Rain in 1999. She is a singer.
Thought 2: I think it is Red Sky.
Action 2: Finish[Red Sky]
Observation 2: Answer is INCORRECT
Correct answer: Blue Rain
------------- BEGIN HALTED AGENTS --------------
Question: Who founded X Corp?
Thought 1: Search X Corp.
Action 1: Search[X Corp]
Observation 1: No Results
Correct answer: Jane Roe
BEGIN TRIAL 2
Trial summary: Correct: 2, Incorrect: 0, Halted: 1
------------- BEGIN CORRECT AGENTS -------------
Question: Is water wet?
Thought 1: It is.
Action 1: Finish[yes]
Observation 1: Answer is CORRECT
Correct answer: yes
Question: Which band did Ann Lee join?
Thought 1: My memory says Blue Rain.
Action 1: Finish[Blue Rain]
Observation 1: Answer is CORRECT
Correct answer: Blue Rain
------------- BEGIN HALTED AGENTS --------------
Question: Who founded X Corp?
Thought 1: Search X Corp again.
Action 1: Search[X Corp]
Observation 1: No Results
Correct answer: Jane Roe
BEGIN TRIAL 3
Trial summary: Correct: 2, Incorrect: 0, Halted: 1
------------- BEGIN CORRECT AGENTS -------------
Question: Is water wet?
Thought 1: It is.
Action 1: Finish[yes]
Observation 1: Answer is CORRECT
Correct answer: yes
Question: Which band did Ann Lee join?
Thought 1: My memory says Blue Rain.
Action 1: Finish[Blue Rain]
Observation 1: Answer is CORRECT
Correct answer: Blue Rain
------------- BEGIN HALTED AGENTS --------------
Question: Who founded X Corp?
Thought 1: Search X Corp founder.
Action 1: Search[X Corp founder]
Observation 1: X Corp was founded by Jane Roe in 1980.
Correct answer: Jane Roe
`;

/** Writes {@linkcode HOTPOT_FIXTURE_LOG} to a fresh temporary directory; returns its path. */
export async function writeHotpotFixture(): Promise<string> {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "hotpot.txt");
  await Deno.writeTextFile(path, HOTPOT_FIXTURE_LOG);
  return path;
}
