/**
 * Plots for run reports as standalone SVG text, generated in plain TypeScript. Output depends only
 * on the input numbers (fixed decimals, no ids, no dates), so the same run always yields
 * byte-identical files.
 *
 * @module
 */

/** One round's aggregate scores. */
export interface RoundPoint {
  round: number;
  best: number;
  mean: number;
}

/** One architecture (or evaluation) in objective space. */
export interface ScatterPoint {
  label: string;
  score: number;
  cost: number;
  lift: number;
  on_front?: boolean;
  champion?: boolean;
  round?: number;
}

const W = 640;
const H = 360;
const BOX = { l: 64, r: W - 24, t: 40, b: H - 52 };
const INK = "#1d2330";
const MUTED = "#687083";
const GRID = "#e2e5eb";
const BLUE = "#2f6fdb";

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const f1 = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

/** A linear axis with "nice" ticks (1, 2, 2.5, 5 × 10^k) covering `values`. */
export function niceAxis(values: readonly number[], minSpan: number, count = 4) {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (hi - lo < minSpan) {
    const mid = (lo + hi) / 2;
    [lo, hi] = [mid - minSpan / 2, mid + minSpan / 2];
  }
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw - 1e-12) ?? 10 * mag;
  const start = Math.floor(lo / step + 1e-9) * step;
  const end = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; start + i * step <= end + step / 2; i++) {
    ticks.push(Number((start + i * step).toFixed(10)));
  }
  let digits = 0;
  while (digits < 8 && Math.abs(step * 10 ** digits - Math.round(step * 10 ** digits)) > 1e-6) {
    digits++;
  }
  return { lo: start, hi: end, ticks, digits };
}

function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

const thousands = (v: number) => Math.round(v).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function frame(
  title: string,
  xLabel: string,
  yLabel: string,
  xTicks: { at: number; text: string }[],
  yTicks: { at: number; text: string }[],
  body: string[],
): string {
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" role="img" ` +
    `aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${BOX.l}" y="24" font-size="15" font-weight="600" fill="${INK}">${
      escapeXml(title)
    }</text>`,
  ];
  for (const t of yTicks) {
    out.push(
      `<line x1="${BOX.l}" x2="${BOX.r}" y1="${f1(t.at)}" y2="${f1(t.at)}" stroke="${GRID}"/>`,
      `<text x="${BOX.l - 8}" y="${
        f1(t.at + 4)
      }" font-size="11" text-anchor="end" fill="${MUTED}">${escapeXml(t.text)}</text>`,
    );
  }
  for (const t of xTicks) {
    out.push(
      `<text x="${f1(t.at)}" y="${
        BOX.b + 18
      }" font-size="11" text-anchor="middle" fill="${MUTED}">${escapeXml(t.text)}</text>`,
    );
  }
  const midY = (BOX.t + BOX.b) / 2;
  out.push(
    `<line x1="${BOX.l}" x2="${BOX.r}" y1="${BOX.b}" y2="${BOX.b}" stroke="#9aa1b0"/>`,
    `<text x="${(BOX.l + BOX.r) / 2}" y="${
      H - 12
    }" font-size="12" text-anchor="middle" fill="${MUTED}">${escapeXml(xLabel)}</text>`,
    `<text x="16" y="${midY}" font-size="12" text-anchor="middle" fill="${MUTED}" ` +
      `transform="rotate(-90 16 ${midY})">${escapeXml(yLabel)}</text>`,
    ...body,
    "</svg>",
  );
  return out.join("\n") + "\n";
}

function emptyPlot(title: string, message: string): string {
  return frame(title, "", "", [], [], [
    `<text x="${W / 2}" y="${H / 2}" font-size="13" text-anchor="middle" fill="${MUTED}">${
      escapeXml(message)
    }</text>`,
  ]);
}

/** Best and mean score per round, with the no-memory baseline as a dashed line. */
export function scorePerRoundSvg(rounds: readonly RoundPoint[], baseline: number | null): string {
  const title = "Score per round";
  if (rounds.length === 0) return emptyPlot(title, "no finished round yet");
  const sorted = [...rounds].sort((a, b) => a.round - b.round);
  const ys = sorted.flatMap((r) => [r.best, r.mean]).concat(baseline === null ? [] : [baseline]);
  const ya = niceAxis(ys, 0.05);
  const xs = sorted.map((r) => r.round);
  const x = xs.length === 1
    ? () => (BOX.l + BOX.r) / 2
    : linear(Math.min(...xs), Math.max(...xs), BOX.l + 16, BOX.r - 16);
  const y = linear(ya.lo, ya.hi, BOX.b, BOX.t);
  const body: string[] = [];
  if (baseline !== null) {
    body.push(
      `<line x1="${BOX.l}" x2="${BOX.r}" y1="${f1(y(baseline))}" y2="${f1(y(baseline))}" ` +
        `stroke="#c53030" stroke-width="1.5" stroke-dasharray="2 4"/>`,
    );
  }
  const line = (pick: (r: RoundPoint) => number, color: string, dash: string) =>
    `<polyline fill="none" stroke="${color}" stroke-width="2"${
      dash ? ` stroke-dasharray="${dash}"` : ""
    } points="${sorted.map((r) => `${f1(x(r.round))},${f1(y(pick(r)))}`).join(" ")}"/>`;
  body.push(line((r) => r.mean, "#9aa1b0", "6 4"), line((r) => r.best, BLUE, ""));
  for (const r of sorted) {
    body.push(
      `<circle cx="${f1(x(r.round))}" cy="${f1(y(r.mean))}" r="3.5" fill="#9aa1b0"/>`,
      `<circle cx="${f1(x(r.round))}" cy="${f1(y(r.best))}" r="4.5" fill="${BLUE}">` +
        `<title>round ${r.round}: best ${r.best.toFixed(3)}, mean ${
          r.mean.toFixed(3)
        }</title></circle>`,
    );
  }
  const lx = BOX.r - 250;
  body.push(
    `<line x1="${lx}" x2="${lx + 20}" y1="20" y2="20" stroke="${BLUE}" stroke-width="2"/>`,
    `<text x="${lx + 26}" y="24" font-size="11" fill="${INK}">best</text>`,
    `<line x1="${lx + 64}" x2="${
      lx + 84
    }" y1="20" y2="20" stroke="#9aa1b0" stroke-width="2" stroke-dasharray="6 4"/>`,
    `<text x="${lx + 90}" y="24" font-size="11" fill="${INK}">mean</text>`,
  );
  if (baseline !== null) {
    body.push(
      `<line x1="${lx + 132}" x2="${
        lx + 152
      }" y1="20" y2="20" stroke="#c53030" stroke-width="1.5" stroke-dasharray="2 4"/>`,
      `<text x="${lx + 158}" y="24" font-size="11" fill="${INK}">no memory</text>`,
    );
  }
  return frame(
    title,
    "round",
    "score",
    xs.map((v) => ({ at: x(v), text: String(v) })),
    ya.ticks.map((v) => ({ at: y(v), text: v.toFixed(Math.max(2, ya.digits)) })),
    body,
  );
}

/** Red (negative lift) through grey (zero) to green (positive), relative to `maxAbs`. */
export function liftColor(lift: number, maxAbs: number): string {
  const t = Math.max(-1, Math.min(1, lift / (maxAbs || 1)));
  const mix = (a: number, b: number, u: number) => Math.round(a + (b - a) * u);
  const rgb = t >= 0
    ? [mix(154, 31, t), mix(161, 138, t), mix(176, 76, t)]
    : [mix(154, 197, -t), mix(161, 48, -t), mix(176, 48, -t)];
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

function scatter(
  title: string,
  points: readonly ScatterPoint[],
  color: (p: ScatterPoint) => string,
  legend: string[],
  frontLine: boolean,
): string {
  const xa = niceAxis(points.map((p) => p.cost), 10);
  const ya = niceAxis(points.map((p) => p.score), 0.05);
  const x = linear(xa.lo, xa.hi, BOX.l, BOX.r);
  const y = linear(ya.lo, ya.hi, BOX.b, BOX.t);
  const body: string[] = [];
  const front = points.filter((p) => p.on_front).sort((a, b) =>
    a.cost - b.cost || b.score - a.score
  );
  if (frontLine && front.length > 1) {
    const d = front.map((p, i) => `${i ? "L" : "M"}${f1(x(p.cost))},${f1(y(p.score))}`).join(" ");
    body.push(
      `<path d="${d}" fill="none" stroke="${BLUE}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    );
  }
  for (const p of points) {
    const cx = f1(x(p.cost)), cy = f1(y(p.score));
    const tip = `${p.label}: score ${p.score.toFixed(3)}, lift ${p.lift >= 0 ? "+" : ""}${
      p.lift.toFixed(3)
    }, cost ${thousands(p.cost)}`;
    body.push(
      `<circle cx="${cx}" cy="${cy}" r="${p.on_front ? 6 : 4.5}" fill="${color(p)}"${
        p.on_front ? ` stroke="${INK}" stroke-width="1"` : ""
      }><title>${escapeXml(tip)}</title></circle>`,
    );
    if (p.champion) {
      body.push(
        `<circle cx="${cx}" cy="${cy}" r="10" fill="none" stroke="${INK}" stroke-width="2"/>`,
        `<text x="${f1(x(p.cost) + 13)}" y="${
          f1(y(p.score) - 9)
        }" font-size="11" font-weight="600" fill="${INK}">champion</text>`,
      );
    }
  }
  body.push(...legend);
  return frame(
    title,
    "cost (tokens per task)",
    "score",
    xa.ticks.map((v) => ({ at: x(v), text: thousands(v) })),
    ya.ticks.map((v) => ({ at: y(v), text: v.toFixed(Math.max(2, ya.digits)) })),
    body,
  );
}

/** The Pareto archive: score vs cost, colour = lift, front joined, champion ringed. */
export function paretoSvg(points: readonly ScatterPoint[]): string {
  const title = "Pareto front";
  if (points.length === 0) return emptyPlot(title, "no evaluated architecture yet");
  const maxAbs = Math.max(...points.map((p) => Math.abs(p.lift)), 1e-9);
  const lx = BOX.r - 230;
  const legend = [
    `<text x="${
      lx - 8
    }" y="24" font-size="11" text-anchor="end" fill="${MUTED}">colour = lift</text>`,
  ]
    .concat([
      [-maxAbs, "negative"],
      [0, "zero"],
      [maxAbs, "positive"],
    ].map(([v, text], i) =>
      `<circle cx="${lx + i * 78}" cy="20" r="5" fill="${liftColor(v as number, maxAbs)}"/>` +
      `<text x="${lx + i * 78 + 9}" y="24" font-size="11" fill="${INK}">${text}</text>`
    ));
  return scatter(title, points, (p) => liftColor(p.lift, maxAbs), legend, true);
}

const ROUND_COLORS = ["#2f6fdb", "#1f8a4c", "#b7791f", "#8e44ad", "#c53030", "#16a085", "#7f8c8d"];

/** Every evaluation: score vs cost, coloured by round (where the search spent its tokens). */
export function costVsScoreSvg(points: readonly ScatterPoint[]): string {
  const title = "Cost vs score of every evaluation";
  if (points.length === 0) return emptyPlot(title, "no evaluation yet");
  const rounds = [...new Set(points.map((p) => p.round ?? 0))].sort((a, b) => a - b);
  const color = (p: ScatterPoint) =>
    ROUND_COLORS[rounds.indexOf(p.round ?? 0) % ROUND_COLORS.length];
  const shown = rounds.slice(0, 8);
  const lx = BOX.r - shown.length * 52;
  const legend = shown.map((r, i) =>
    `<circle cx="${lx + i * 52}" cy="20" r="5" fill="${ROUND_COLORS[i % ROUND_COLORS.length]}"/>` +
    `<text x="${lx + i * 52 + 9}" y="24" font-size="11" fill="${INK}">r${r}</text>`
  );
  return scatter(title, points.map((p) => ({ ...p, on_front: false })), color, legend, false);
}
