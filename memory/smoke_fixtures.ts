/**
 * The built-in material of `automem smoke`: a few small agent trajectories (successes, a failure,
 * a recovered error) and a short conversation, written for the smoke checks so they run offline
 * with no external data. They are shaped like real ReAct runs so every offline encoder has
 * something to extract.
 *
 * @module
 */
import type { TaskContext, TaskOutcome, Trajectory } from "../core/trajectory.ts";

/** One finished task: what the agent saw, did, and how it ended. */
export interface SmokeTask {
  task: TaskContext;
  trajectory: Trajectory;
  outcome: TaskOutcome;
}

function task(
  id: string,
  text: string,
  steps: Trajectory["steps"],
  answer: string,
  outcome: Omit<TaskOutcome, "answer">,
): SmokeTask {
  return {
    task: { id, text, level: 1 },
    trajectory: { task_id: id, query: text, steps, final_answer: answer },
    outcome: { ...outcome, answer },
  };
}

/** The finished tasks the smoke run ingests through `endTask`. */
export const SMOKE_TASKS: readonly SmokeTask[] = [
  task(
    "smoke-danube",
    "What is the capital city of the country where the Danube river ends?",
    [
      {
        ref: "step:0",
        kind: "plan",
        text: "Find where the Danube ends, then the capital of that country.",
      },
      {
        ref: "step:1",
        kind: "action",
        thought: "First find the mouth of the river.",
        tool: "search",
        args: { query: "Danube river mouth" },
        observation: "The Danube flows into the Black Sea through the Danube Delta in Romania.",
      },
      {
        ref: "step:2",
        kind: "action",
        thought: "The delta is in Romania; look up its capital.",
        tool: "search",
        args: { query: "capital of Romania" },
        observation: "Bucharest is the capital and largest city of Romania.",
      },
      { ref: "step:3", kind: "action", tool: "finish", args: { answer: "Bucharest" } },
    ],
    "Bucharest",
    { success: true, score: 1, expected: "Bucharest" },
  ),
  task(
    "smoke-jupiter",
    "How many moons does the planet with the Great Red Spot have?",
    [
      {
        ref: "step:0",
        kind: "action",
        thought: "Identify the planet first.",
        tool: "search",
        args: { query: "Great Red Spot" },
        observation: "The Great Red Spot is a persistent storm on Jupiter.",
      },
      {
        ref: "step:1",
        kind: "action",
        thought: "Now count Jupiter's moons.",
        tool: "search",
        args: { query: "Jupiter number of moons" },
        observation: "Search failed: the request timed out.",
        error: true,
      },
      { ref: "step:2", kind: "action", tool: "finish", args: { answer: "63" } },
    ],
    "63",
    {
      success: false,
      score: 0,
      expected: "95",
      failure_reason: "answered from an outdated memory after a failed search",
    },
  ),
  task(
    "smoke-hemingway",
    "In which year was the author of The Old Man and the Sea born?",
    [
      {
        ref: "step:0",
        kind: "action",
        thought: "Look up the book directly.",
        tool: "lookup",
        args: { keyword: "The Old Man and the Sea author" },
        observation: "Could not find a page with that exact title.",
        error: true,
      },
      {
        ref: "step:1",
        kind: "action",
        thought: "Search the title instead of looking it up.",
        tool: "search",
        args: { query: "The Old Man and the Sea" },
        observation: "The Old Man and the Sea is a 1952 novella by Ernest Hemingway.",
      },
      {
        ref: "step:2",
        kind: "action",
        thought: "Find the author's birth date.",
        tool: "search",
        args: { query: "Ernest Hemingway" },
        observation: "Ernest Hemingway (born July 21, 1899) was an American novelist.",
      },
      { ref: "step:3", kind: "action", tool: "finish", args: { answer: "1899" } },
    ],
    "1899",
    { success: true, score: 1, expected: "1899" },
  ),
  task(
    "smoke-miles",
    "Convert 26.2 miles to kilometres, rounded to one decimal.",
    [
      {
        ref: "step:0",
        kind: "action",
        thought: "Use the exact conversion factor.",
        tool: "calculator",
        args: { expression: "26.2 * 1.609344" },
        observation: "42.1649",
      },
      { ref: "step:1", kind: "summary", text: "42.1649 km rounds to 42.2 km at one decimal." },
      { ref: "step:2", kind: "action", tool: "finish", args: { answer: "42.2" } },
    ],
    "42.2",
    { success: true, score: 1, expected: "42.2" },
  ),
];

/** A short conversation the smoke run ingests through `ingest`. */
export const SMOKE_CONVERSATION: { task: TaskContext; trajectory: Trajectory } = {
  task: { id: "smoke-chat", text: "Conversation between Ana and Ben, session 1" },
  trajectory: {
    task_id: "smoke-chat",
    query: "Conversation between Ana and Ben, session 1",
    steps: [
      {
        ref: "D1:1",
        kind: "turn",
        speaker: "Ana",
        text: "I adopted a grey cat named Pixel last week.",
      },
      {
        ref: "D1:2",
        kind: "turn",
        speaker: "Ben",
        text: "Nice! Is Pixel getting along with your dog?",
      },
      { ref: "D1:3", kind: "turn", speaker: "Ana", text: "Yes, they nap together by the window." },
      { ref: "D1:4", kind: "turn", speaker: "Ben", text: "I started pottery classes on Tuesdays." },
    ].map((s) => ({ ...s, kind: "turn" as const, meta: { session_date: "2023-05-08" } })),
  },
};

/** A new task, similar to the Danube task, that BEGIN/refresh checks run with. */
export const SMOKE_PROBE: TaskContext = {
  id: "smoke-probe",
  text: "What is the capital city of the country where the Rhine river ends?",
};
