// automem dashboard charts: inline SVG drawn from API data (round scores, Pareto scatter).
// Loaded before dashboard.js in the same inline script; exposes one global, AutomemCharts.
// deno-lint-ignore no-unused-vars
const AutomemCharts = (() => {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";

  function el(tag, attrs = {}) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, String(v));
    }
    return node;
  }

  function svg(tag, attrs = {}, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v !== null && v !== undefined) node.setAttribute(k, String(v));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function scale(d0, d1, r0, r1) {
    const span = d1 - d0 || 1;
    return (v) => r0 + ((v - d0) / span) * (r1 - r0);
  }

  // Axis domain and ticks at "nice" steps (1, 2, 2.5, 5 × 10^k) covering the values.
  function niceAxis(values, minSpan, count = 4) {
    let lo = Math.min(...values), hi = Math.max(...values);
    if (!Number.isFinite(lo)) {
      lo = 0;
      hi = 1;
    }
    if (hi - lo < minSpan) {
      const mid = (lo + hi) / 2;
      lo = mid - minSpan / 2;
      hi = mid + minSpan / 2;
    }
    const raw = (hi - lo) / count;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
    const start = Math.floor(lo / step) * step, end = Math.ceil(hi / step) * step;
    const ticks = [];
    for (let v = start; v <= end + step / 2; v += step) ticks.push(Number(v.toFixed(10)));
    let digits = 0;
    while (digits < 8 && Math.abs(step * 10 ** digits - Math.round(step * 10 ** digits)) > 1e-6) {
      digits++;
    }
    return { lo: start, hi: end, ticks, digits };
  }

  function axes(root, x, y, xTicks, yTicks, box, xLabel, yLabel, fx, fy) {
    for (const t of yTicks) {
      root.append(svg("line", { x1: box.l, x2: box.r, y1: y(t), y2: y(t), stroke: "#e2e5eb" }));
      root.append(
        svg("text", {
          x: box.l - 6,
          y: y(t) + 4,
          "text-anchor": "end",
          "font-size": 11,
          fill: "#687083",
        }, fy(t)),
      );
    }
    for (const t of xTicks) {
      root.append(
        svg("text", {
          x: x(t),
          y: box.b + 16,
          "text-anchor": "middle",
          "font-size": 11,
          fill: "#687083",
        }, fx(t)),
      );
    }
    root.append(svg("line", { x1: box.l, x2: box.r, y1: box.b, y2: box.b, stroke: "#9aa1b0" }));
    root.append(
      svg("text", {
        x: (box.l + box.r) / 2,
        y: box.b + 32,
        "text-anchor": "middle",
        "font-size": 11,
        fill: "#687083",
      }, xLabel),
    );
    root.append(
      svg("text", {
        x: 12,
        y: (box.t + box.b) / 2,
        "text-anchor": "middle",
        "font-size": 11,
        fill: "#687083",
        transform: `rotate(-90 12 ${(box.t + box.b) / 2})`,
      }, yLabel),
    );
  }

  // Both charts share one frame; an empty chart shows a line of text instead.
  const W = 520, H = 270, box = { l: 52, r: W - 28, t: 28, b: H - 40 };

  function chartRoot(host, hasData, emptyText, label) {
    host.replaceChildren();
    if (!hasData) {
      host.append(el("div", { class: "empty", text: emptyText }));
      return null;
    }
    return svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  }

  function renderRoundChart(host, rounds, fmt) {
    const root = chartRoot(
      host,
      rounds.length > 0,
      "no finished round yet",
      "best and mean score per round",
    );
    if (!root) return;
    const xs = rounds.map((r) => r.round);
    const ya = niceAxis(rounds.flatMap((r) => [r.best_score, r.mean_score]), 0.05);
    const x = xs.length === 1
      ? () => (box.l + box.r) / 2
      : scale(Math.min(...xs), Math.max(...xs), box.l + 12, box.r - 12);
    const y = scale(ya.lo, ya.hi, box.b, box.t);
    axes(
      root,
      x,
      y,
      xs,
      ya.ticks,
      box,
      "round",
      "score",
      (t) => String(t),
      (t) => t.toFixed(Math.max(2, ya.digits)),
    );
    const line = (key, color, dash) => {
      const pts = rounds.map((r) => `${x(r.round).toFixed(1)},${y(r[key]).toFixed(1)}`).join(" ");
      root.append(
        svg("polyline", {
          points: pts,
          fill: "none",
          stroke: color,
          "stroke-width": 2,
          "stroke-dasharray": dash,
        }),
      );
    };
    line("mean_score", "#9aa1b0", "5 4");
    line("best_score", "#2f6fdb", null);
    for (const r of rounds) {
      const g = svg("g", {
        "data-testid": "round-point",
        "data-round": r.round,
        "data-best": r.best_score,
        "data-mean": r.mean_score,
      });
      g.append(svg("circle", { cx: x(r.round), cy: y(r.mean_score), r: 3.5, fill: "#9aa1b0" }));
      g.append(svg("circle", { cx: x(r.round), cy: y(r.best_score), r: 4.5, fill: "#2f6fdb" }));
      g.append(
        svg(
          "title",
          {},
          `round ${r.round}: best ${fmt.score(r.best_score)}, mean ${fmt.score(r.mean_score)}`,
        ),
      );
      root.append(g);
    }
    const lg = svg("g", { transform: `translate(${box.r - 120},6)` });
    lg.append(svg("line", { x1: 0, x2: 18, y1: 6, y2: 6, stroke: "#2f6fdb", "stroke-width": 2 }));
    lg.append(svg("text", { x: 24, y: 10, "font-size": 11 }, "best"));
    lg.append(
      svg("line", {
        x1: 64,
        x2: 82,
        y1: 6,
        y2: 6,
        stroke: "#9aa1b0",
        "stroke-width": 2,
        "stroke-dasharray": "5 4",
      }),
    );
    lg.append(svg("text", { x: 88, y: 10, "font-size": 11 }, "mean"));
    root.append(lg);
    host.append(root);
  }

  function liftColor(lift, maxAbs) {
    const t = Math.max(-1, Math.min(1, lift / (maxAbs || 1)));
    // red (negative) → grey (0) → green (positive)
    const mix = (a, b, u) => Math.round(a + (b - a) * u);
    const [r, g, b] = t >= 0
      ? [mix(154, 31, t), mix(161, 138, t), mix(176, 76, t)]
      : [mix(154, 197, -t), mix(161, 48, -t), mix(176, 48, -t)];
    return `rgb(${r},${g},${b})`;
  }

  function renderPareto(host, pareto, fmt) {
    const root = chartRoot(
      host,
      Boolean(pareto && pareto.points.length),
      "no evaluated architecture yet",
      "score versus cost of every evaluated architecture",
    );
    if (!root) return;
    const pts = pareto.points;
    const xa = niceAxis(pts.map((p) => p.cost), 10);
    const ya = niceAxis(pts.map((p) => p.score), 0.05);
    const x = scale(xa.lo, xa.hi, box.l, box.r);
    const y = scale(ya.lo, ya.hi, box.b, box.t);
    axes(
      root,
      x,
      y,
      xa.ticks,
      ya.ticks,
      box,
      "cost (tokens per task)",
      "score",
      (t) => fmt.int(t),
      (t) => t.toFixed(Math.max(2, ya.digits)),
    );
    const front = pts.filter((p) => p.on_front).sort((a, b) => a.cost - b.cost);
    if (front.length > 1) {
      const d = front.map((p, i) =>
        `${i ? "L" : "M"}${x(p.cost).toFixed(1)},${y(p.score).toFixed(1)}`
      ).join(" ");
      root.append(
        svg("path", {
          d,
          fill: "none",
          stroke: "#2f6fdb",
          "stroke-width": 1.5,
          "stroke-dasharray": "4 3",
        }),
      );
    }
    const maxAbs = Math.max(...pts.map((p) => Math.abs(p.lift)), 1e-9);
    for (const p of pts) {
      const g = svg("g", {
        "data-testid": "pareto-point",
        "data-fingerprint": p.fingerprint,
        "data-score": p.score,
        "data-cost": p.cost,
        "data-lift": p.lift,
        "data-front": p.on_front,
        "data-champion": p.champion,
      });
      g.append(
        svg("circle", {
          cx: x(p.cost),
          cy: y(p.score),
          r: p.on_front ? 6 : 4.5,
          fill: liftColor(p.lift, maxAbs),
          stroke: p.on_front ? "#1d2330" : "none",
          "stroke-width": 1,
        }),
      );
      if (p.champion) {
        g.append(
          svg("circle", {
            cx: x(p.cost),
            cy: y(p.score),
            r: 10,
            fill: "none",
            stroke: "#1d2330",
            "stroke-width": 2,
            "data-testid": "pareto-champion",
          }),
        );
        g.append(
          svg(
            "text",
            { x: x(p.cost) + 13, y: y(p.score) - 8, "font-size": 11, "font-weight": 600 },
            "champion",
          ),
        );
      }
      g.append(
        svg(
          "title",
          {},
          `${p.label}\nscore ${fmt.score(p.score)} · lift ${fmt.lift(p.lift)} · cost ${
            fmt.int(p.cost)
          }`,
        ),
      );
      root.append(g);
    }
    const lg = svg("g", { transform: `translate(${box.r - 130},6)` });
    lg.append(svg("circle", { cx: 5, cy: 6, r: 5, fill: liftColor(-maxAbs, maxAbs) }));
    lg.append(svg("text", { x: 14, y: 10, "font-size": 11 }, "lift −"));
    lg.append(svg("circle", { cx: 60, cy: 6, r: 5, fill: liftColor(0, maxAbs) }));
    lg.append(svg("text", { x: 69, y: 10, "font-size": 11 }, "0"));
    lg.append(svg("circle", { cx: 92, cy: 6, r: 5, fill: liftColor(maxAbs, maxAbs) }));
    lg.append(svg("text", { x: 101, y: 10, "font-size": 11 }, "lift +"));
    root.append(lg);
    host.append(root);
  }

  return { renderRoundChart, renderPareto, niceAxis, liftColor };
})();
