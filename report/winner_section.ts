/**
 * "Winner and why": the runoff winner with its validation and test scores, the runoff
 * contenders, the champion history with its sign tests, and differential validation.
 *
 * @module
 */
import { specLabel } from "../core/spec.ts";
import { int, labelOf, lift, s3 } from "./format.ts";
import type { Block } from "./render.ts";
import type { ReportData } from "./report_data.ts";

/** The winner section. */
export function winnerSection(d: ReportData): Block[] {
  const out: Block[] = [{ kind: "heading", level: 2, text: "Winner and why" }];
  const w = d.runoff?.winner;
  const s = d.summary;
  if (w || s?.winner.fingerprint) {
    const arch = w?.architecture ?? s?.winner.architecture ?? null;
    const fp = w?.fingerprint ?? s?.winner.fingerprint ?? "";
    out.push({
      kind: "facts",
      items: [
        ["Architecture", arch ? specLabel(arch) : "–"],
        ["Config", w?.config_id ?? "–"],
        ["Fingerprint", fp.slice(0, 16)],
        [
          "Validation score",
          `${s3(w?.validation_score ?? s?.winner.validation_score)} (no memory ${
            s3(d.runoff?.baseline_score ?? s?.baseline.validation_score)
          })`,
        ],
        [
          "Test score",
          d.validation
            ? `${s3(d.validation.metrics.score)} (no memory ${s3(d.validation.baseline_score)}, ${
              lift(d.validation.improvement_over_baseline)
            })`
            : s?.winner.test_score !== undefined && s?.winner.test_score !== null
            ? s3(s.winner.test_score)
            : "not run",
        ],
        [
          "Selected by",
          d.runoff
            ? `final runoff on ${d.runoff.selection} (${d.runoff.task_ids.length} tasks)`
            : "–",
        ],
      ],
    });
    if (d.runoff && d.runoff.contenders.length) {
      out.push({
        kind: "table",
        head: ["Contender", "Source", "Search lift", "Runoff score", "Status"],
        numeric: [false, false, true, true, false],
        rows: d.runoff.contenders.map((
          c,
        ) => [c.label, c.source, lift(c.search_lift), s3(c.metrics?.score), c.status]),
      });
    }
  } else if (d.champion) {
    out.push({
      kind: "paragraph",
      text:
        `No winner yet. The current champion is ${d.champion.label} (${d.champion.config_id}), ` +
        `champion since round ${d.champion.since_round} by ${d.champion.mode}.`,
    });
  } else {
    out.push({ kind: "paragraph", text: "No winner and no champion yet." });
  }
  const history = d.champion?.history ?? [];
  out.push({ kind: "heading", level: 3, text: "Champion history" }, {
    kind: "table",
    head: ["Round", "Config", "Architecture", "Decision", "Sign test"],
    numeric: [true, false, false, false, false],
    rows: history.map((h) => {
      const dec = d.roundDone.find((r) => r.round === h.round)?.champion_decision;
      const t = dec?.test;
      return [
        String(h.round),
        h.config_id,
        labelOf(d, h.config_id),
        h.mode,
        t ? `${t.wins}W/${t.losses}L/${t.ties}T, p=${t.p_value.toFixed(3)}` : "–",
      ];
    }),
  });
  const diff = d.roundDone.flatMap((r) =>
    r.differential_validation.map((row) => ({ round: r.round, row }))
  );
  out.push({ kind: "heading", level: 3, text: "Differential validation" }, {
    kind: "table",
    head: [
      "Round",
      "Config",
      "Parent",
      "Change",
      "Common tasks",
      "Δ score",
      "Δ cost",
      "W/L",
      "Verdict",
    ],
    numeric: [true, false, false, false, true, true, true, false, false],
    rows: diff.map(({ round, row }) => [
      String(round),
      row.config_id,
      row.parent,
      Object.entries(row.changed).map(([k, c]) => `${k}: ${c.from}→${c.to}`).join(", ") || "–",
      String(row.n_common),
      lift(row.delta_score),
      int(row.delta_cost),
      `${row.wins}/${row.losses}`,
      row.verdict,
    ]),
  });
  return out;
}
