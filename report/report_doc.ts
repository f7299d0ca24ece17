/**
 * The content of a run report as blocks: status, the winner and why, the Pareto table,
 * per-round and candidate tables, the FGMD breakdown per round, tokens and cost per role and
 * stage, and the ledger.
 *
 * @module
 */
import { int, lift, s3, usd } from "./format.ts";
import { PLOT_FILES } from "./plots.ts";
import type { Block } from "./render.ts";
import type { ReportData } from "./report_data.ts";
import { winnerSection } from "./winner_section.ts";
import { workersSection } from "./workers_section.ts";

function statusSection(d: ReportData): Block[] {
  const v = d.progress.view;
  const st = d.status;
  const status = st.status + (st.interrupted ? " (interrupted)" : "") +
    (st.stop_reason ? `, stop reason: ${st.stop_reason}` : "");
  const items: [string, string][] = [
    ["Status", status],
    ["Benchmark", d.progress.benchmark ?? "unknown"],
    [
      "Mode",
      [d.progress.dry_run ? "dry run" : "live", d.progress.synthetic ? "synthetic scores" : ""]
        .filter(Boolean).join(", "),
    ],
    ["Started", d.progress.started ?? "–"],
    [
      "Last event",
      v.last_event ? `#${v.last_event.seq} ${v.last_event.type} at ${v.last_event.at}` : "–",
    ],
    ["Rounds", `${v.rounds_done}${v.rounds_planned ? ` of ${v.rounds_planned}` : ""}`],
    ["Evaluations", String(Math.max(v.evaluations, d.summary?.evaluations ?? 0))],
    ["Tokens", int(Math.max(v.tokens, d.usage?.total_tokens ?? 0))],
    ["Cost", usd(Math.max(v.cost_usd, d.usage?.cost_usd ?? 0))],
  ];
  if (d.protocol) items.push(["Protocol digest", d.protocol.digest]);
  if (d.split) {
    items.push([
      "Split (warm-up / search / validation / test)",
      [
        d.split.profile_indices,
        d.split.optimization_indices,
        d.split.validation_indices,
        d.split.final_test_indices,
      ]
        .map((x) => x.length).join(" / "),
    ]);
  }
  if (d.baseline) items.push(["No-memory baseline", s3(d.baseline.score)]);
  const out: Block[] = [{ kind: "heading", level: 1, text: `Run report: ${d.id}` }, {
    kind: "facts",
    items,
  }];
  if (st.status === "running" || st.status === "stale") {
    out.push({
      kind: "paragraph",
      text:
        `This run has not finished (${st.status}, phase ${
          v.phase ?? "unknown"
        }); the report shows ` +
        `its state as of event #${v.last_event?.seq ?? 0}.`,
    });
  }
  if (st.status === "failed") {
    out.push({ kind: "paragraph", text: `The run failed: ${st.error ?? "unknown error"}.` });
  }
  return out;
}

function paretoSection(d: ReportData): Block[] {
  const champ = d.champion?.fingerprint;
  const front = [...(d.pareto?.front ?? [])].sort((a, b) => b.score - a.score || a.cost - b.cost);
  return [
    { kind: "heading", level: 2, text: "Pareto front" },
    { kind: "image", name: PLOT_FILES.pareto, alt: "Pareto front: score vs cost, colour = lift" },
    {
      kind: "table",
      head: ["Architecture", "Score", "Lift", "Cost (tokens/task)", "Evaluations", "Champion"],
      numeric: [false, true, true, true, true, false],
      rows: front.map((
        f,
      ) => [
        f.label,
        s3(f.score),
        lift(f.lift),
        int(f.cost),
        String(f.n_evals),
        f.fingerprint === champ ? "yes" : "",
      ]),
    },
  ];
}

function roundsSection(d: ReportData): Block[] {
  const done = new Map(d.roundDone.map((r) => [r.round, r]));
  return [
    { kind: "heading", level: 2, text: "Rounds" },
    { kind: "image", name: PLOT_FILES.rounds, alt: "Best and mean score per round" },
    {
      kind: "table",
      head: [
        "Round",
        "Fold",
        "Status",
        "OK / failed",
        "Best",
        "Mean",
        "Best lift",
        "Champion",
        "Merged",
      ],
      numeric: [true, true, false, false, true, true, true, false, false],
      rows: d.rounds.map((r) => {
        const a = r.aggregates;
        const dec = done.get(r.round)?.champion_decision;
        return [
          String(r.round),
          r.fold === null ? "–" : String(r.fold),
          r.status === "done" ? "done" : "in progress",
          a
            ? `${a.n_ok} / ${a.n_failed}`
            : `${r.candidates.filter((c) => c.status === "ok").length} so far`,
          s3(a?.best_score),
          s3(a?.mean_score),
          lift(a?.best_lift),
          dec ? `${dec.champion ?? "–"}${dec.changed ? " (changed)" : ""}` : "–",
          r.merged_config_id ?? "–",
        ];
      }),
    },
    { kind: "heading", level: 3, text: "Candidates" },
    {
      kind: "table",
      head: [
        "Round",
        "#",
        "Architecture",
        "Source",
        "Status",
        "Score",
        "Lift",
        "Cost",
        "Front",
        "Primary signal",
      ],
      numeric: [true, true, false, false, false, true, true, true, false, false],
      rows: d.rounds.flatMap((r) =>
        r.candidates.map((c) => [
          String(r.round),
          String(c.candidate),
          c.label,
          c.source,
          c.status,
          s3(c.metrics?.score),
          lift(c.metrics?.lift),
          int(c.metrics?.cost),
          c.added_to_front === null ? "–" : c.added_to_front ? "yes" : "no",
          c.verdict ? `${c.verdict.primary_signal} → ${c.verdict.recommended_action}` : "–",
        ])
      ),
    },
  ];
}

function fgmdSection(d: ReportData): Block[] {
  // Only labels that occurred: the attribution summary lists every label, mostly with zeros.
  const totals = new Map<string, number>();
  for (const r of d.rounds) {
    for (const c of r.candidates) {
      for (const [l, n] of Object.entries(c.breakdown ?? {})) {
        totals.set(l, (totals.get(l) ?? 0) + n);
      }
    }
  }
  const cols = [...totals].filter(([, n]) => n > 0).map(([l]) => l)
    .sort((a, b) => (a === "success" ? -1 : b === "success" ? 1 : a.localeCompare(b)));
  const rows = d.rounds.map((r) => {
    const sums = cols.map((l) => r.candidates.reduce((s, c) => s + (c.breakdown?.[l] ?? 0), 0));
    const signals = new Map<string, number>();
    for (const c of r.candidates) {
      if (c.verdict) {
        signals.set(c.verdict.primary_signal, (signals.get(c.verdict.primary_signal) ?? 0) + 1);
      }
    }
    const primary = [...signals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([s, n]) => `${s} ×${n}`).join(", ");
    return [String(r.round), ...sums.map(String), primary || "–"];
  });
  return [
    { kind: "heading", level: 2, text: "FGMD breakdown per round" },
    {
      kind: "paragraph",
      text:
        "Task attributions summed over the round's candidates, and the candidates' primary signals.",
    },
    {
      kind: "table",
      head: ["Round", ...cols, "Primary signals"],
      numeric: [true, ...cols.map(() => true), false],
      rows,
    },
  ];
}

function usageSection(d: ReportData): Block[] {
  const out: Block[] = [
    { kind: "heading", level: 2, text: "Cost and tokens" },
    { kind: "image", name: PLOT_FILES.cost, alt: "Cost vs score of every evaluation" },
  ];
  const u = d.usage;
  if (!u) return [...out, { kind: "paragraph", text: "usage.json has not been written yet." }];
  const roles = Object.entries(u.roles).sort((a, b) => a[0].localeCompare(b[0]));
  out.push(
    { kind: "heading", level: 3, text: "Per role" },
    {
      kind: "table",
      head: ["Role", "Calls", "Prompt tokens", "Completion tokens", "Total tokens", "Cost"],
      numeric: [false, true, true, true, true, true],
      rows: [
        ...roles.map((
          [role, r],
        ) => [
          role,
          int(r.calls),
          int(r.prompt_tokens),
          int(r.completion_tokens),
          int(r.prompt_tokens + r.completion_tokens),
          usd(r.cost_usd),
        ]),
        ["total", "", "", "", int(u.total_tokens), usd(u.cost_usd)],
      ],
    },
    { kind: "heading", level: 3, text: "Per stage" },
    {
      kind: "table",
      head: ["Stage", "Tokens", "Cost"],
      numeric: [false, true, true],
      rows: Object.entries(u.by_stage).map(([stage, block]) => {
        const vals = Object.values(block);
        return [
          stage,
          int(vals.reduce((s, r) => s + r.prompt_tokens + r.completion_tokens, 0)),
          usd(vals.reduce((s, r) => s + r.cost_usd, 0)),
        ];
      }),
    },
  );
  return out;
}

function ledgerSection(d: ReportData): Block[] {
  const l = d.ledger;
  if (!l) {
    return [{ kind: "heading", level: 2, text: "Ledger" }, {
      kind: "paragraph",
      text: "No ledger (disabled or not written yet).",
    }];
  }
  const span = (a: number, b: number) => (a === b ? `round ${a}` : `rounds ${a}–${b}`);
  return [
    { kind: "heading", level: 2, text: "Ledger" },
    { kind: "heading", level: 3, text: "Principles" },
    {
      kind: "list",
      items: l.principles.filter((p) => p.status === "active").map((p) =>
        `${p.claim} (${p.key}; confidence ${
          p.confidence.toFixed(2)
        }; ${p.evidence.length} evidence; ${
          span(p.first_introduced_round, p.last_validated_round)
        })`
      ),
    },
    { kind: "heading", level: 3, text: "Dead ends" },
    {
      kind: "list",
      items: l.dead_ends.map((x) =>
        `${x.combo}: ${x.outcome} (round ${x.evidence_round}${
          x.active ? `, until round ${x.expires_round}` : ", expired"
        })`
      ),
    },
    { kind: "heading", level: 3, text: "Open questions" },
    {
      kind: "list",
      items: l.open_questions.map((q) =>
        `${q.question} (${q.status}${
          q.status === "answered" ? `: ${q.answer}` : `; test: ${q.recommended_test}`
        })`
      ),
    },
  ];
}

/** Every block of the report, in reading order. */
export function reportBlocks(d: ReportData): Block[] {
  const blocks = [
    ...statusSection(d),
    ...winnerSection(d),
    ...paretoSection(d),
    ...roundsSection(d),
    ...fgmdSection(d),
    ...usageSection(d),
    ...ledgerSection(d),
    ...workersSection(d),
  ];
  if (d.missing.length) {
    blocks.push({ kind: "heading", level: 2, text: "Not available" }, {
      kind: "list",
      items: d.missing.map((m) => `${m.file}: ${m.reason}`),
    });
  }
  return blocks;
}
