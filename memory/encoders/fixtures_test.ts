/** Shared trajectories for the encoder tests (a `_test.ts` file so it never ships). */
import type {
  TaskContext,
  TaskOutcome,
  Trajectory,
  TrajectoryStep,
} from "../../core/trajectory.ts";
import type { ExtractionInput } from "../encoder_port.ts";
import { ENCODE_TYPES } from "../../core/space.ts";

const act = (
  i: number,
  tool: string,
  arg: string,
  observation: string,
  error = false,
): TrajectoryStep => ({
  ref: `step:${i}`,
  kind: "action",
  thought: `Thought about ${tool}.`,
  tool,
  args: { query: arg },
  observation,
  ...(error ? { error: true } : {}),
});

/** A success with a recovered search error and a discovered bridge entity. */
export function recoveredSuccess(): ExtractionInput {
  const task: TaskContext = { id: "hq/ann/trial-1", text: "Which band did Ann Lee join in 1999?" };
  const trajectory: Trajectory = {
    task_id: task.id,
    query: task.text,
    final_answer: "Blue Rain",
    steps: [
      act(
        0,
        "Search",
        '"Ann Lee"',
        `Could not find ["Ann Lee"]. Similar: ['Ann Lee (singer)'].`,
        true,
      ),
      act(1, "Search", "Ann Lee", "Ann Lee is a singer. She joined the band Blue Rain in 1999."),
      act(2, "Search", "Blue Rain", "Blue Rain is a rock band formed in Ohio."),
      act(3, "Finish", "Blue Rain", "Answer is CORRECT"),
    ],
  };
  const outcome: TaskOutcome = {
    success: true,
    score: 1,
    answer: "Blue Rain",
    expected: "Blue Rain",
  };
  return { task, trajectory, outcome, types: [...ENCODE_TYPES] };
}

/** A run that kept failing the same search until it halted. */
export function haltedFailure(): ExtractionInput {
  const task: TaskContext = {
    id: "hq/viva/trial-1",
    text: "What does VIVA Media AG's new acronym stand for?",
  };
  const steps = [0, 1, 2].map((i) =>
    act(
      i,
      "Search",
      `VIVA Media AG ${["", "2004", "acronym"][i]}`.trim(),
      "Could not find [VIVA Media AG]. Similar: []",
      true,
    )
  );
  return {
    task,
    trajectory: { task_id: task.id, query: task.text, steps },
    outcome: {
      success: false,
      score: 0,
      expected: "GmbH",
      failure_reason: "Halted: the agent used its step budget",
    },
    types: [...ENCODE_TYPES],
  };
}

/** A run that answered wrongly after reading one page. */
export function wrongAnswer(): ExtractionInput {
  const task: TaskContext = {
    id: "hq/kent/trial-1",
    text: "Where does the team coached by Kent Baer play?",
  };
  return {
    task,
    trajectory: {
      task_id: task.id,
      query: task.text,
      final_answer: "Grizzly Stadium",
      steps: [
        act(0, "Search", "Kent Baer", "Kent Baer coaches at the University of Montana."),
        act(1, "Finish", "Grizzly Stadium", "Answer is INCORRECT", true),
      ],
    },
    outcome: {
      success: false,
      score: 0,
      answer: "Grizzly Stadium",
      expected: "Sam Boyd Stadium",
      failure_reason:
        "Answer mismatch: agent answered 'Grizzly Stadium', expected 'Sam Boyd Stadium'",
    },
    types: [...ENCODE_TYPES],
  };
}

/** A reflection-only failed attempt (ALFWorld reflexion style). */
export function reflectionFailure(): ExtractionInput {
  const s = (i: number, text: string, role: string, error = false): TrajectoryStep => ({
    ref: `step:${i}`,
    kind: i === 0 ? "plan" : "summary",
    text,
    ...(i === 0 ? {} : { meta: { role } }),
    ...(error ? { error: true } : {}),
  });
  return {
    task: { id: "alf/env_1/attempt-1", text: "" },
    trajectory: {
      task_id: "alf/env_1/attempt-1",
      query: "",
      steps: [
        s(0, "In this environment, my plan was to find a mug.", "plan"),
        s(1, "However, I was stuck in a loop taking mug 1 from desk 1.", "problem", true),
        s(2, "In the next trial, I will open drawer 2 before taking the mug.", "correction"),
      ],
    },
    outcome: { success: false, score: 0, failure_reason: "However, I was stuck in a loop." },
    types: [...ENCODE_TYPES],
  };
}

/** A short two-speaker session. */
export function conversation(): ExtractionInput {
  const meta = { date: "1:00 pm on 8 May, 2023", session: 1 };
  const turn = (i: number, speaker: string, text: string): TrajectoryStep => ({
    ref: `D1:${i}`,
    kind: "turn",
    speaker,
    text,
    meta,
  });
  const steps = [
    turn(1, "Ann", "Hey Bo!"),
    turn(2, "Bo", "Hi! What did you do with your long weekend trip?"),
    turn(3, "Ann", "I adopted a rescue dog named Pixel from the shelter."),
    turn(4, "Bo", "Ok"),
    turn(5, "Bo", "Look at my garden! [image: a photo of tomatoes]"),
  ];
  return {
    task: { id: "conv-x/session_1", text: "Conversation between Ann and Bo" },
    trajectory: { task_id: "conv-x/session_1", query: "", steps },
    types: [...ENCODE_TYPES],
  };
}

/** One tool call of a world-like run; an `error(...)` observation marks a failed call. */
export const worldCall = (
  i: number,
  tool: string,
  args: Record<string, unknown>,
  observation: string,
): TrajectoryStep => ({
  ref: `step:${i}`,
  kind: "action",
  tool,
  args,
  observation,
  ...(observation.startsWith("error(") ? { error: true } : {}),
});

/** The world's error for a level-3 audit read without `include_archived`. */
export const MISSING_FLAG =
  "error(missing_flag): fetch_records: level-3 audits read archived partitions; set include_archived=true";
/** `fetch_records` arguments of the world-like runs. */
export const records = { dataset: "DS-7496", region: "eu-north" };
