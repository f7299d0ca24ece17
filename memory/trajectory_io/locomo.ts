/**
 * Parser for LoCoMo (`locomo/locomo10.json`): conversations become one {@linkcode Trajectory}
 * per session, whose steps are `turn`s with `ref` = the turn's `dia_id`, `speaker`, `text`
 * (an image's `[image: <blip_caption>]` appended) and `meta = {date, session}`; questions keep
 * their gold evidence ids.
 *
 * Evidence is parsed defensively, because a few upstream ids are malformed: a string holding
 * several ids (`"D8:6; D9:17"`, `"D9:1 D4:4"`) is split; an id that does not exist is repaired
 * when a normalised form does (`"D30:05"` → `"D30:5"`, `"D:11:26"` → `"D11:26"`, reported in
 * `repaired`); anything else is dropped and reported in `skipped`. Nothing is dropped silently.
 *
 * @module
 */
import { z } from "../../core/zod.ts";
import type { Issue, ParseResult } from "../../core/issues.ts";
import { fromZodIssues } from "../../core/issues.ts";
import type { Trajectory, TrajectoryStep } from "../../core/trajectory.ts";

const TurnSchema = z.object({
  speaker: z.string().min(1),
  dia_id: z.string().regex(/^D\d+:\d+$/, { error: "dia_id must look like D<session>:<turn>" }),
  text: z.string(),
  blip_caption: z.string().nullable().optional(),
});

const QaSchema = z.object({
  question: z.string().min(1),
  answer: z.union([z.string(), z.number()]).optional(),
  adversarial_answer: z.union([z.string(), z.number()]).optional(),
  evidence: z.array(z.string()),
  category: z.number().int().min(1).max(5),
});

const SampleSchema = z.object({
  sample_id: z.string().min(1),
  conversation: z.looseObject({ speaker_a: z.string().min(1), speaker_b: z.string().min(1) }),
  qa: z.array(QaSchema),
});

/** One session of a conversation. */
export interface LocomoSession {
  /** The session number `n` of `session_<n>`. */
  index: number;
  date_time: string;
  trajectory: Trajectory;
}

/** One question with its gold evidence turns. */
export interface LocomoQuestion {
  /** `<sample_id>/q<index>`, index counted from 0 in file order. */
  id: string;
  question: string;
  /** Absent for adversarial (category 5) questions, which carry `adversarial_answer`. */
  answer?: string;
  adversarial_answer?: string;
  /** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category: 1 | 2 | 3 | 4 | 5;
  /** Resolvable evidence `dia_id`s, in the order given. */
  evidence: string[];
  /** False when some evidence id was dropped (see `skipped`) or none was given. */
  evidence_complete: boolean;
}

/** One conversation. */
export interface LocomoConversation {
  sample_id: string;
  speakers: [string, string];
  sessions: LocomoSession[];
  questions: LocomoQuestion[];
}

/** An evidence id that was repaired or dropped. */
export interface EvidenceNote {
  sample_id: string;
  question_id: string;
  /** The evidence string as written in the file. */
  raw: string;
  /** The id it was repaired to (for `repaired`), or why it was dropped (for `skipped`). */
  detail: string;
}

/** Everything parsed from the file. */
export interface LocomoData {
  conversations: LocomoConversation[];
  repaired: EvidenceNote[];
  skipped: EvidenceNote[];
}

function resolveEvidence(raw: string, known: ReadonlySet<string>) {
  const ids: string[] = [];
  const repaired: [string, string][] = [];
  const skipped: [string, string][] = [];
  const parts = raw.split(/[;,\s]+/).filter(Boolean);
  if (parts.length === 0) skipped.push([raw, "empty evidence id"]);
  for (const part of parts) {
    if (known.has(part)) {
      ids.push(part);
      continue;
    }
    const m = /^D:?0*(\d+):0*(\d+)$/.exec(part);
    const fixed = m ? `D${m[1]}:${m[2]}` : undefined;
    if (fixed !== undefined && known.has(fixed)) {
      ids.push(fixed);
      repaired.push([part, fixed]);
    } else {
      skipped.push([part, m ? `no turn ${fixed} in this conversation` : "malformed evidence id"]);
    }
  }
  return { ids, repaired, skipped };
}

/** Parses `locomo10.json` (the parsed array or its text). */
export function parseLocomo(json: unknown): ParseResult<LocomoData> {
  let data = json;
  if (typeof json === "string") {
    try {
      data = JSON.parse(json);
    } catch (error) {
      const message = `not JSON: ${(error as Error).message}`;
      return { ok: false, issues: [{ code: "invalid_json", path: [], message }] };
    }
  }
  const file = z.array(SampleSchema).safeParse(data);
  if (!file.success) return { ok: false, issues: fromZodIssues(file.error.issues) };
  const issues: Issue[] = [];
  const out: LocomoData = { conversations: [], repaired: [], skipped: [] };
  file.data.forEach((sample, s) => {
    const conv = sample.conversation as Record<string, unknown>;
    const sessions: LocomoSession[] = [];
    const known = new Set<string>();
    const keys = Object.keys(conv).filter((k) => /^session_\d+$/.test(k))
      .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
    for (const key of keys) {
      const index = Number(key.slice(8));
      const path = [s, "conversation", key];
      const turns = z.array(TurnSchema).safeParse(conv[key]);
      const date = z.string().min(1).safeParse(conv[`${key}_date_time`]);
      if (!turns.success) {
        issues.push(
          ...fromZodIssues(turns.error.issues).map((i) => ({ ...i, path: [...path, ...i.path] })),
        );
        continue;
      }
      if (!date.success) {
        const message = `${sample.sample_id}: ${key}_date_time must be a non-empty string`;
        issues.push({
          code: "missing_field",
          path: [s, "conversation", `${key}_date_time`],
          message,
        });
        continue;
      }
      const steps = turns.data.map((t, i): TrajectoryStep => {
        if (known.has(t.dia_id) || !t.dia_id.startsWith(`D${index}:`)) {
          issues.push({
            code: "invalid_dia_id",
            path: [...path, i, "dia_id"],
            message: `${sample.sample_id}: ${t.dia_id} is duplicated or outside ${key}`,
          });
        }
        known.add(t.dia_id);
        const caption = t.blip_caption ? ` [image: ${t.blip_caption}]` : "";
        return {
          ref: t.dia_id,
          kind: "turn",
          speaker: t.speaker,
          text: t.text + caption,
          meta: { date: date.data, session: index },
        };
      });
      const a = sample.conversation.speaker_a, b = sample.conversation.speaker_b;
      sessions.push({
        index,
        date_time: date.data,
        trajectory: {
          task_id: `${sample.sample_id}/session_${index}`,
          query: `Conversation between ${a} and ${b}, session ${index} (${date.data})`,
          steps,
        },
      });
    }
    const questions = sample.qa.map((q, i): LocomoQuestion => {
      const id = `${sample.sample_id}/q${i}`;
      const evidence: string[] = [];
      let complete = q.evidence.length > 0;
      for (const raw of q.evidence) {
        const r = resolveEvidence(raw, known);
        evidence.push(...r.ids.filter((e) => !evidence.includes(e)));
        for (const [, fixed] of r.repaired) {
          out.repaired.push({ sample_id: sample.sample_id, question_id: id, raw, detail: fixed });
        }
        for (const [, why] of r.skipped) {
          complete = false;
          out.skipped.push({ sample_id: sample.sample_id, question_id: id, raw, detail: why });
        }
      }
      return {
        id,
        question: q.question,
        ...(q.answer !== undefined ? { answer: String(q.answer) } : {}),
        ...(q.adversarial_answer !== undefined
          ? { adversarial_answer: String(q.adversarial_answer) }
          : {}),
        category: q.category as LocomoQuestion["category"],
        evidence,
        evidence_complete: complete,
      };
    });
    out.conversations.push({
      sample_id: sample.sample_id,
      speakers: [sample.conversation.speaker_a, sample.conversation.speaker_b],
      sessions,
      questions,
    });
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: out };
}
