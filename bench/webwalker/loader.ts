/**
 * WebWalkerQA task files: a JSON array or JSON Lines of `{question, answer, root_url, info?}`,
 * where `info` may carry `domain, difficulty_level (easy|medium|hard), lang, type
 * (single_source|multi_source), source_website, golden_path`. The difficulty becomes the task
 * level (easy 1, medium 2, hard 3) so level-stratified splits and per-level reports work. Rows
 * have no id of their own; the id is `ww-<row+1>`, unique by construction.
 *
 * The dataset card's shape is read too: `{Question, Answer, Root_Url, Info: {Hop, Domain,
 * Language, Difficulty_Level, Source_Website, Golden_Path}}`, with `Hop` `multi-source` meaning
 * `type` `multi_source`, `Language` `English`/`Chinese` meaning `lang` `en`/`zh`, and difficulty
 * in any case (`Medium`). A field in the lower-case shape wins where a row has both.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import { fromZodIssues } from "../../core/issues.ts";
import { jsonRows, type LoadResult, rowIssues, type WebTask } from "../web_bench/web_task.ts";

const nonEmpty = (field: string) =>
  z.string({ error: `${field} must be a string` }).trim().min(1, {
    error: `${field} must not be empty`,
  });

/** WebWalkerQA's optional `info` object. */
export const WebWalkerInfoSchema = z.looseObject({
  domain: z.string().optional(),
  difficulty_level: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["easy", "medium", "hard"], {
      error: "difficulty_level must be easy, medium or hard",
    }),
  ).optional(),
  lang: z.string().optional(),
  type: z.string().optional(),
  source_website: z.union([z.string(), z.array(z.string())]).optional(),
  golden_path: z.unknown().optional(),
});

/** One WebWalkerQA row. */
export const WebWalkerRowSchema = z.looseObject({
  question: nonEmpty("question"),
  answer: nonEmpty("answer"),
  root_url: nonEmpty("root_url").refine((u) => URL.canParse(u), {
    error: "root_url must be an absolute URL",
  }),
  info: WebWalkerInfoSchema.optional(),
});

const LEVELS = { easy: 1, medium: 2, hard: 3 } as const;

const LANGUAGES: Record<string, string> = { english: "en", chinese: "zh" };

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);

/** The dataset card's capitalised row in the lower-case shape (other values pass through). */
export function fromCardShape(value: unknown): unknown {
  if (!isRow(value) || !("Question" in value || "Root_Url" in value)) return value;
  const card = isRow(value.Info) ? value.Info : {};
  const language = typeof card.Language === "string" ? card.Language.trim() : undefined;
  const hop = typeof card.Hop === "string" ? card.Hop.trim().replace(/-/g, "_") : undefined;
  const info: Row = Object.fromEntries(
    Object.entries({
      domain: card.Domain,
      difficulty_level: card.Difficulty_Level,
      lang: language === undefined ? undefined : LANGUAGES[language.toLowerCase()] ?? language,
      type: hop,
      source_website: card.Source_Website,
      golden_path: card.Golden_Path,
    }).filter(([, v]) => v !== undefined),
  );
  const { Question, Answer, Root_Url, Info: _info, ...rest } = value;
  return {
    question: Question,
    answer: Answer,
    root_url: Root_Url,
    ...(Object.keys(info).length || isRow(value.Info) ? { info } : {}),
    ...rest,
  };
}

/** Parses a WebWalkerQA file's text; never throws. */
export function loadWebWalker(text: string): LoadResult {
  const { rows, issues, unit } = jsonRows(text);
  const tasks: WebTask[] = [];
  rows.forEach(({ value, where }, row) => {
    const r = WebWalkerRowSchema.safeParse(fromCardShape(value));
    if (!r.success) {
      issues.push(...rowIssues(unit, where, fromZodIssues(r.error.issues)));
      return;
    }
    const diff = r.data.info?.difficulty_level;
    tasks.push({
      row,
      id: `ww-${row + 1}`,
      question: r.data.question,
      answer: r.data.answer,
      level: diff ? LEVELS[diff] : 1,
      levelGiven: diff !== undefined,
      rootUrl: r.data.root_url,
      info: { ...(r.data.info ?? {}), root_url: r.data.root_url },
    });
  });
  if (issues.length === 0 && tasks.length === 0) {
    issues.push({ code: "empty", path: [], message: "the WebWalkerQA file has no tasks" });
  }
  return issues.length ? { ok: false, issues } : { ok: true, tasks };
}
