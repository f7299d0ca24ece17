/**
 * The three web benchmarks side by side: their names, loaders, judges, how a task is shown to
 * the agent, the per-call completion budget and the split sizes a search uses by default.
 *
 * | | GAIA | WebWalkerQA | xBench-DeepSearch |
 * |---|---|---|---|
 * | input | JSON / JSONL | JSON / JSONL | CSV, encrypted rows |
 * | tools | all (search, crawl, attachments, compute) | search, crawl | all |
 * | completion budget per call | 8000 | 32768 | 32768 |
 * | search split (warm-up/search/validation/test) | 19/100/30/15 | 19/100/30/15 | 10/70/10/10 |
 * | protected text | no | no | yes (never written in plaintext) |
 *
 * @module
 */
import type { ChatModel } from "../../core/ports.ts";
import { loadGaia } from "../gaia/loader.ts";
import { loadWebWalker } from "../webwalker/loader.ts";
import { loadXbench } from "../xbench/loader.ts";
import {
  judgeGaia,
  judgeWebWalker,
  judgeXbench,
  type WebJudgeInput,
  type WebJudgeOutcome,
  type WebScorer,
} from "./judges.ts";
import type { LoadResult, WebTask } from "./web_task.ts";

/** The web benchmark names as the CLI spells them. */
export const WEB_BENCHMARKS = ["GAIA", "WebWalkerQA", "xBench-DeepSearch"] as const;

/** One web benchmark name. */
export type WebBenchmarkName = typeof WEB_BENCHMARKS[number];

/** Split sizes a search uses when the flags do not set them. */
export interface SplitDefaults {
  warmup: number;
  search: number;
  validation: number;
  test: number;
}

/** Everything that differs between the web benchmarks. */
export interface WebBenchmarkKind {
  name: WebBenchmarkName;
  /** Lower-case registry key. */
  key: string;
  load(text: string): LoadResult;
  /** Grades an answer; `scorer` matters only where the authors use no judge model (GAIA). */
  judge(
    input: WebJudgeInput,
    model?: ChatModel,
    signal?: AbortSignal,
    scorer?: WebScorer,
  ): Promise<WebJudgeOutcome>;
  /** The task as the agent reads it. */
  prompt(task: WebTask): string;
  /** Web-only benchmarks get just the search and crawl tools. */
  webOnly: boolean;
  /** Default completion-token cap per model call. */
  tokenBudget: number;
  /** Decrypted text that must never be written in plaintext. */
  protected: boolean;
  splitDefaults: SplitDefaults;
}

const REFERENCE_SPLIT: SplitDefaults = { warmup: 19, search: 100, validation: 30, test: 15 };

function gaiaPrompt(t: WebTask): string {
  if (!t.attachment) return t.question;
  return `${t.question}\n\nAttached file: ${t.attachment} (read it with the attachment tool; ` +
    `the path is relative to the task folder).`;
}

function webwalkerPrompt(t: WebTask): string {
  return `${t.question}\n\nStarting website: ${t.rootUrl}\nNavigate the website to find the ` +
    `answer, using web search and page crawling. You MUST begin by accessing ${t.rootUrl}.`;
}

/** The kinds by CLI name. */
export const WEB_KINDS: Readonly<Record<WebBenchmarkName, WebBenchmarkKind>> = {
  "GAIA": {
    name: "GAIA",
    key: "gaia",
    load: loadGaia,
    judge: judgeGaia,
    prompt: gaiaPrompt,
    webOnly: false,
    tokenBudget: 8000,
    protected: false,
    splitDefaults: REFERENCE_SPLIT,
  },
  "WebWalkerQA": {
    name: "WebWalkerQA",
    key: "webwalkerqa",
    load: loadWebWalker,
    judge: judgeWebWalker,
    prompt: webwalkerPrompt,
    webOnly: true,
    tokenBudget: 32768,
    protected: false,
    splitDefaults: REFERENCE_SPLIT,
  },
  "xBench-DeepSearch": {
    name: "xBench-DeepSearch",
    key: "xbench-deepsearch",
    load: loadXbench,
    judge: judgeXbench,
    prompt: (t) => t.question,
    webOnly: false,
    tokenBudget: 32768,
    protected: true,
    splitDefaults: { warmup: 10, search: 70, validation: 10, test: 10 },
  },
};

const ALIASES: Record<string, WebBenchmarkName> = {
  "gaia": "GAIA",
  "webwalkerqa": "WebWalkerQA",
  "webwalker": "WebWalkerQA",
  "xbench-deepsearch": "xBench-DeepSearch",
  "xbench_deepsearch": "xBench-DeepSearch",
  "xbench": "xBench-DeepSearch",
};

/** The web benchmark a (case-insensitive) name or alias means, if any. */
export function webKindOf(name: string): WebBenchmarkKind | undefined {
  const n = ALIASES[name.trim().toLowerCase()];
  return n ? WEB_KINDS[n] : undefined;
}
