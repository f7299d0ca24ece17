// automem dashboard panels: the champion, budget, candidate, ledger and usage tables.
// Loaded before dashboard.js in the same inline script; exposes one global, AutomemPanels.
// deno-lint-ignore no-unused-vars
const AutomemPanels = (() => {
  "use strict";

  // Shared helpers from dashboard.js, set once by init().
  let $, tid, el, fmt;

  function init(ui) {
    ({ $, tid, el, fmt } = ui);
  }

  const specLabel = (a) => `${a.encode.join("+")}/${a.store}/${a.retrieve}/${a.manage}`;

  function renderChampion(c, summary) {
    const body = tid("champion-body");
    body.replaceChildren();
    const rows = [];
    const w = summary && summary.winner;
    if (w && w.architecture) {
      rows.push(
        ["winner", specLabel(w.architecture)],
        [
          "validation",
          `${fmt.score(w.validation_score)} (no memory ${
            fmt.score(summary.baseline.validation_score)
          })`,
        ],
        [
          "test",
          w.test_score === null
            ? "not run"
            : `${fmt.score(w.test_score)} (no memory ${fmt.score(summary.baseline.test_score)})`,
        ],
      );
    }
    if (c) {
      rows.push(
        ["champion", c.label],
        ["config", c.config_id],
        ["since round", String(c.since_round)],
        ["decided by", c.mode + (c.promoted_over ? ` over ${c.promoted_over}` : "")],
        ["sign test p", c.test ? c.test.p_value.toFixed(3) : "–"],
      );
    }
    if (!rows.length) {
      body.className = "muted";
      body.textContent = "none yet";
      return;
    }
    body.className = "kv";
    for (const [k, v] of rows) {
      body.append(
        el("span", { class: "k", text: k }),
        el("span", {
          class: k === "champion" || k === "winner" ? "arch" : "",
          "data-testid": `champion-${k.replace(/ /g, "-")}`,
          text: v,
        }),
      );
    }
  }

  function renderBudget(b) {
    const tbody = $("tbody", tid("budget-table"));
    tbody.replaceChildren();
    const rows = [
      ["tokens", b.tokens, fmt.int],
      ["cost", b.cost_usd, fmt.cost],
      ["wall time", b.wall_s, fmt.secs],
      ["rounds", b.rounds, fmt.int],
      ["evaluations", b.evaluations, fmt.int],
    ];
    for (const [name, v, f] of rows) {
      const meter = el("div", { class: "meter" }, el("div", { class: "fill" }));
      const share = v.limit ? Math.min(1, v.used / v.limit) : 0;
      meter.firstChild.style.width = `${(share * 100).toFixed(1)}%`;
      tbody.append(
        el(
          "tr",
          { "data-testid": `budget-${name.replace(/ /g, "-")}` },
          el("td", { text: name }),
          el("td", { class: "num", text: f(v.used) }),
          el("td", { class: "num muted", text: v.limit ? "of " + f(v.limit) : "no limit" }),
          el("td", {}, meter),
        ),
      );
    }
  }

  function renderCandidates(rounds) {
    const tbody = $("tbody", tid("candidate-table"));
    tbody.replaceChildren();
    for (const r of rounds) {
      for (const c of r.candidates) {
        const m = c.metrics;
        const verdict = c.verdict
          ? el(
            "td",
            { class: "verdict" },
            el("span", { text: c.verdict.primary_signal }),
            el("small", { class: "muted", text: c.verdict.recommended_action }),
          )
          : el("td", { class: "muted", text: "–" });
        tbody.append(el(
          "tr",
          {
            "data-testid": "candidate-row",
            "data-round": r.round,
            "data-candidate": c.candidate,
            "data-config-id": c.config_id,
            "data-score": m ? m.score : "",
          },
          el("td", { class: "num", text: r.round }),
          el("td", { class: "num", text: c.candidate }),
          el("td", { class: "arch", text: c.label }),
          el("td", { text: c.source }),
          el(
            "td",
            {},
            el("span", { class: `badge ${c.status === "ok" ? "ok" : c.status}`, text: c.status }),
          ),
          el("td", {
            class: "num",
            "data-testid": "candidate-score",
            text: m
              ? fmt.score(m.score)
              : c.status === "running"
              ? `${c.tasks_done}/${r.n_tasks}`
              : "–",
          }),
          el("td", { class: "num", text: m ? fmt.lift(m.lift) : "–" }),
          el("td", { class: "num", text: m ? fmt.int(m.cost) : "–" }),
          el("td", { text: c.added_to_front === null ? "–" : c.added_to_front ? "yes" : "no" }),
          verdict,
        ));
      }
    }
    if (!tbody.children.length) {
      tbody.append(
        el("tr", {}, el("td", { colspan: 10, class: "empty", text: "no candidates yet" })),
      );
    }
  }

  function renderLedger(ledger) {
    const body = tid("ledger-body");
    body.replaceChildren();
    if (!ledger) {
      body.className = "muted";
      body.textContent = "no ledger yet";
      return;
    }
    body.className = "";
    const section = (title, items, render, testid) => {
      body.append(el("div", { class: "muted", text: `${title} (${items.length})` }));
      const list = el("ul", { class: "ledger-list", "data-testid": testid });
      for (const it of items) list.append(el("li", { text: render(it) }));
      if (!items.length) list.append(el("li", { class: "muted", text: "none" }));
      body.append(list);
    };
    section(
      "Principles",
      ledger.principles.filter((p) => p.status === "active"),
      (p) => `${p.claim} (confidence ${p.confidence.toFixed(2)}, ${p.key})`,
      "ledger-principles",
    );
    section(
      "Dead ends",
      ledger.dead_ends.filter((d) => d.active),
      (d) => `${d.combo}: ${d.outcome}`,
      "ledger-dead-ends",
    );
    section(
      "Open questions",
      ledger.open_questions.filter((q) => q.status === "untested"),
      (q) => q.question,
      "ledger-questions",
    );
  }

  function renderUsage(usage) {
    const tbody = $("tbody", tid("usage-table"));
    tbody.replaceChildren();
    if (!usage) {
      tbody.append(
        el("tr", {}, el("td", { colspan: 4, class: "empty", text: "no usage recorded yet" })),
      );
      return;
    }
    const roles = Object.entries(usage.roles).sort((a, b) => a[0].localeCompare(b[0]));
    for (const [role, u] of roles) {
      tbody.append(
        el(
          "tr",
          { "data-testid": "usage-row", "data-role": role },
          el("td", { text: role }),
          el("td", { class: "num", text: fmt.int(u.calls) }),
          el("td", {
            class: "num",
            "data-value": u.prompt_tokens + u.completion_tokens,
            text: fmt.int(u.prompt_tokens + u.completion_tokens),
          }),
          el("td", { class: "num", text: fmt.cost(u.cost_usd) }),
        ),
      );
    }
    tbody.append(
      el(
        "tr",
        { "data-testid": "usage-total" },
        el("td", {}, el("strong", { text: "total" })),
        el("td", { class: "num", text: "" }),
        el("td", {
          class: "num",
          "data-value": usage.total_tokens,
          text: fmt.int(usage.total_tokens),
        }),
        el("td", { class: "num", text: fmt.cost(usage.cost_usd) }),
      ),
    );
  }

  return { init, renderChampion, renderBudget, renderCandidates, renderLedger, renderUsage };
})();
