// automem status dashboard: plain browser JavaScript, no build step, no external requests.
// Data comes from the JSON API; live updates from the run's server-sent event stream.
(() => {
  "use strict";

  const $ = (sel, root = document) => root.querySelector(sel);
  const tid = (id) => $(`[data-testid="${id}"]`);

  const state = {
    token: null,
    runId: null,
    stream: null,
    refreshTimer: null,
    listTimer: null,
    feed: [],
    detail: null,
    rounds: [],
    pareto: null,
  };

  // ---- formatting (the browser test formats the API values the same way) ----
  const fmt = {
    score: (v) => (v === null || v === undefined ? "–" : Number(v).toFixed(3)),
    lift: (v) => (v === null || v === undefined ? "–" : (v >= 0 ? "+" : "") + Number(v).toFixed(3)),
    int: (v) => (v === null || v === undefined ? "–" : Math.round(v).toLocaleString("en-US")),
    cost: (v) => (v === null || v === undefined ? "–" : "$" + Number(v).toFixed(4)),
    secs: (v) => {
      if (v === null || v === undefined) return "–";
      const s = Math.round(v);
      const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
      return h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${r}s` : `${r}s`;
    },
  };

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, String(v));
    }
    for (const c of children) {
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  function setValue(testid, text, value) {
    const node = tid(testid);
    node.textContent = text;
    if (value === null || value === undefined) node.removeAttribute("data-value");
    else node.setAttribute("data-value", String(value));
  }

  AutomemPanels.init({ $, tid, el, fmt });

  // ---- API access ----
  function headers() {
    return state.token ? { Authorization: `Bearer ${state.token}` } : {};
  }

  async function api(path) {
    const res = await fetch(path, { headers: headers() });
    if (res.status === 401) {
      showTokenForm();
      throw new Error("unauthorized");
    }
    if (res.status === 404 || res.status === 409) return null;
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return await res.json();
  }

  function showTokenForm() {
    const form = tid("token-form");
    form.hidden = false;
  }

  function setConnection(s, label) {
    const node = tid("connection");
    node.dataset.state = s;
    node.textContent = label;
  }

  // ---- run list ----
  async function loadRuns() {
    let body;
    try {
      body = await api("/api/runs");
    } catch {
      return;
    }
    if (!body) return;
    const tbody = $("tbody", tid("run-list"));
    tbody.replaceChildren();
    for (const r of body.runs) {
      const rounds = r.rounds_planned ? `${r.rounds_done}/${r.rounds_planned}` : `${r.rounds_done}`;
      const status = r.interrupted ? `${r.status} (interrupted)` : r.status;
      const row = el(
        "tr",
        { "data-testid": "run-row", "data-run-id": r.id, class: r.id === state.runId ? "sel" : "" },
        el("td", { text: r.id }),
        el(
          "td",
          {},
          el("span", { class: `badge ${r.status}`, "data-testid": "run-row-status", text: status }),
        ),
        el("td", { class: "num", text: rounds }),
        el("td", { class: "num", "data-testid": "run-row-best", text: fmt.score(r.best_score) }),
      );
      row.addEventListener("click", () => selectRun(r.id));
      tbody.append(row);
    }
    tid("run-list-empty").hidden = body.runs.length > 0;
    if (!state.runId && body.runs.length > 0) {
      const fromHash = new URLSearchParams(location.hash.slice(1)).get("run");
      const pick = body.runs.find((r) => r.id === fromHash) ?? body.runs[0];
      selectRun(pick.id);
    }
  }

  function selectRun(id) {
    if (state.runId === id) return;
    state.runId = id;
    state.feed = [];
    const params = new URLSearchParams(location.hash.slice(1));
    params.set("run", id);
    history.replaceState(null, "", "#" + params.toString());
    for (const row of document.querySelectorAll("tr[data-run-id]")) {
      row.classList.toggle("sel", row.dataset.runId === id);
    }
    tid("run-view").hidden = false;
    tid("event-feed").replaceChildren();
    refreshRun();
    openStream(id);
  }

  // ---- one run ----
  async function refreshRun() {
    const id = state.runId;
    if (!id) return;
    const base = `/api/runs/${encodeURIComponent(id)}`;
    let detail, rounds, pareto, ledger, usage;
    try {
      [detail, rounds, pareto, ledger, usage] = await Promise.all([
        api(base),
        api(base + "/rounds"),
        api(base + "/pareto"),
        api(base + "/ledger"),
        api(base + "/usage"),
      ]);
    } catch {
      return;
    }
    if (id !== state.runId || !detail) return;
    state.detail = detail;
    state.rounds = rounds ? rounds.rounds : [];
    state.pareto = pareto;
    renderHead(detail);
    renderProgress(detail);
    AutomemCharts.renderRoundChart(tid("round-chart"), detail.progress.rounds, fmt);
    AutomemCharts.renderPareto(tid("pareto-chart"), pareto, fmt);
    AutomemPanels.renderChampion(detail.champion, detail.summary);
    AutomemPanels.renderBudget(detail.budget);
    AutomemPanels.renderCandidates(state.rounds);
    AutomemPanels.renderLedger(ledger);
    AutomemPanels.renderUsage(usage);
    document.body.dataset.loadedSeq = String(
      detail.progress.last_event ? detail.progress.last_event.seq : 0,
    );
  }

  function scheduleRefresh() {
    clearTimeout(state.refreshTimer);
    state.refreshTimer = setTimeout(() => {
      refreshRun();
      loadRuns();
    }, 200);
  }

  function renderHead(d) {
    const r = d.run;
    tid("run-title").textContent = r.id;
    const badge = tid("run-status");
    badge.className = `badge ${r.status}`;
    badge.textContent = r.interrupted ? `${r.status} (interrupted)` : r.status;
    badge.dataset.value = r.status;
    const bits = [];
    if (r.benchmark) bits.push(r.benchmark);
    if (r.dry_run) bits.push("dry run");
    if (r.synthetic) bits.push("synthetic scores");
    if (r.started) bits.push("started " + r.started.replace("T", " ").slice(0, 19) + " UTC");
    if (d.split) {
      bits.push(`split ${d.split.warmup}/${d.split.search}/${d.split.validation}/${d.split.test}`);
    }
    if (d.protected) bits.push("protected dataset");
    tid("run-meta").textContent = bits.join(" · ");
  }

  function renderProgress(d) {
    const p = d.progress;
    const r = d.run;
    setValue("progress-phase", p.phase ?? "–", p.phase ?? "");
    const roundText = p.round !== null
      ? `${p.round}${p.rounds_planned ? " / " + p.rounds_planned : ""}`
      : `${p.rounds_done}${p.rounds_planned ? " / " + p.rounds_planned : ""} done`;
    setValue("progress-round", roundText, p.round ?? p.rounds_done);
    const candText = p.candidates_total !== null || p.candidates.length > 0
      ? `${p.candidates_done} / ${p.candidates_total ?? p.candidates.length}`
      : "–";
    setValue("progress-candidates", candText, p.candidates_done);
    const taskText = p.tasks_total !== null
      ? `${p.tasks_done} / ${p.tasks_total}`
      : `${p.tasks_done}`;
    setValue("progress-tasks", taskText, p.tasks_done);
    setValue("stat-best-score", fmt.score(r.best_score), r.best_score);
    setValue("stat-best-lift", fmt.lift(r.best_lift), r.best_lift);
    setValue("stat-tokens", fmt.int(r.tokens), r.tokens);
    setValue("stat-cost", fmt.cost(r.cost_usd), r.cost_usd);
    const share = p.tasks_total
      ? Math.min(1, p.tasks_done / p.tasks_total)
      : (p.phase === "finished" ? 1 : 0);
    tid("task-progress-fill").style.width = `${(share * 100).toFixed(1)}%`;
    const inflight = tid("inflight");
    inflight.replaceChildren();
    for (const c of p.candidates) {
      inflight.append(el("span", {
        "data-testid": "inflight-candidate",
        text: `#${c.candidate} ${c.label} · ${c.status} · ${c.tasks_done}/${c.n_tasks}`,
      }));
    }
    // Distributed runs: the queue's counts and, per worker, what it runs and has run.
    const q = p.queue;
    if (q) {
      inflight.append(el("span", {
        "data-testid": "queue-counts",
        text: `queue ${q.url} · ${q.queued} queued · ${q.active} active · ${q.done} done` +
          (q.failed ? ` · ${q.failed} failed` : ""),
      }));
      for (const w of q.workers) {
        inflight.append(el("span", {
          "data-testid": "queue-worker",
          text: `${w.worker} · ${w.active} active · ${w.done} done` +
            (w.failed ? ` · ${w.failed} failed` : "") + (w.last ? ` · last ${w.last}` : ""),
        }));
      }
    }
  }

  // ---- live events ----
  function describe(e) {
    switch (e.type) {
      case "run_started":
        return `${e.benchmark}, ${e.max_rounds} rounds × ${e.num_candidates} candidates${
          e.resumed ? " (resumed)" : ""
        }`;
      case "phase_started":
        return `${e.phase} on ${e.n_tasks} tasks`;
      case "phase_finished":
        return `${e.phase}: score ${fmt.score(e.score)}${e.reused ? " (reused)" : ""}`;
      case "round_started":
        return `round ${e.round} (fold ${e.fold}, ${e.n_tasks} tasks)`;
      case "proposals_ready":
        return `round ${e.round}: ${e.candidates.length} candidates from ${e.proposer}`;
      case "candidate_started":
        return `#${e.candidate} ${e.label}`;
      case "task_finished":
        return `${e.task_id} ${e.index}/${e.n_tasks} score ${fmt.score(e.score)}`;
      case "candidate_finished":
        return `#${e.candidate} ${e.label}: ${e.status}${
          e.metrics ? " score " + fmt.score(e.metrics.score) : ""
        }`;
      case "diagnosis_ready":
        return `#${e.candidate}: ${e.primary_signal} → ${e.recommended_action}`;
      case "champion_changed":
        return `round ${e.round}: ${e.label} (${e.mode})`;
      case "round_finished":
        return `round ${e.round}: best ${fmt.score(e.best_score)}, mean ${fmt.score(e.mean_score)}`;
      case "run_finished":
        return `${e.status}${e.stop_reason ? " (" + e.stop_reason + ")" : ""}${
          e.winner ? ", winner " + e.winner.label : ""
        }`;
      case "run_failed":
        return e.error;
      default:
        return "";
    }
  }

  function addEvent(e) {
    const feed = tid("event-feed");
    const item = el(
      "li",
      { "data-testid": "event-item", "data-seq": e.seq, "data-type": e.type },
      el("span", { class: "seq", text: e.seq }),
      el("span", { class: "type", text: e.type }),
      el("span", { class: "muted", text: describe(e) }),
    );
    feed.prepend(item);
    while (feed.children.length > 300) feed.lastChild.remove();
    document.body.dataset.lastSeq = String(e.seq);
    tid("event-count").textContent = `last #${e.seq}`;
    if (e.type !== "task_finished" || Number(e.index) === Number(e.n_tasks) || e.seq % 5 === 0) {
      scheduleRefresh();
    }
  }

  function closeStream() {
    if (state.stream) state.stream.close();
    state.stream = null;
  }

  function openStream(id) {
    closeStream();
    const url = `/api/runs/${encodeURIComponent(id)}/events`;
    if (!state.token) {
      const source = new EventSource(url);
      source.onopen = () => setConnection("live", "live");
      source.onerror = () => setConnection("error", "reconnecting…");
      source.onmessage = (m) => {
        if (id === state.runId) addEvent(JSON.parse(m.data));
      };
      state.stream = source;
      return;
    }
    // EventSource cannot send an Authorization header: read the stream with fetch instead.
    const ctl = new AbortController();
    state.stream = { close: () => ctl.abort() };
    let lastId = 0;
    const run = async () => {
      while (!ctl.signal.aborted) {
        try {
          const res = await fetch(url, {
            headers: { ...headers(), "Last-Event-ID": String(lastId) },
            signal: ctl.signal,
          });
          if (res.status === 401) {
            showTokenForm();
            setConnection("error", "unauthorized");
            return;
          }
          if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
          setConnection("live", "live");
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buf = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buf += value;
            let cut;
            while ((cut = buf.indexOf("\n\n")) >= 0) {
              const block = buf.slice(0, cut);
              buf = buf.slice(cut + 2);
              const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) =>
                l.slice(6)
              ).join("\n");
              if (!data) continue;
              const e = JSON.parse(data);
              lastId = e.seq;
              if (id === state.runId) addEvent(e);
            }
          }
        } catch {
          if (ctl.signal.aborted) return;
        }
        setConnection("error", "reconnecting…");
        await new Promise((r) => setTimeout(r, 2000));
      }
    };
    run();
  }

  // ---- start ----
  function start() {
    const params = new URLSearchParams(location.hash.slice(1));
    const fromHash = params.get("token");
    if (fromHash) {
      sessionStorage.setItem("automem_token", fromHash);
      params.delete("token");
      history.replaceState(null, "", "#" + params.toString());
    }
    state.token = sessionStorage.getItem("automem_token");
    tid("token-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const value = tid("token-input").value.trim();
      if (!value) return;
      sessionStorage.setItem("automem_token", value);
      state.token = value;
      tid("token-form").hidden = true;
      const current = state.runId;
      state.runId = null;
      loadRuns().then(() => {
        if (current) selectRun(current);
      });
    });
    loadRuns();
    state.listTimer = setInterval(loadRuns, 5000);
  }

  start();
})();
