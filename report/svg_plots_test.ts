import assert from "node:assert/strict";
import {
  costVsScoreSvg,
  escapeXml,
  liftColor,
  niceAxis,
  paretoSvg,
  scorePerRoundSvg,
} from "./svg_plots.ts";

const rounds = [
  { round: 1, best: 0.515, mean: 0.485 },
  { round: 2, best: 0.575, mean: 0.545 },
];
const points = [
  { label: "tip/json/hybrid/lightweight", score: 0.52, cost: 1800, lift: 0.1, on_front: true },
  { label: "<b>&evil</b>", score: 0.48, cost: 2100, lift: -0.05 },
  {
    label: "insight/hybrid/mmr/json_full",
    score: 0.6,
    cost: 2200,
    lift: 0.2,
    on_front: true,
    champion: true,
  },
];

Deno.test("plots are deterministic standalone SVG documents", () => {
  for (
    const make of [
      () => scorePerRoundSvg(rounds, 0.4),
      () => paretoSvg(points),
      () => costVsScoreSvg(points),
    ]
  ) {
    const a = make();
    assert.equal(a, make());
    assert.ok(a.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
    assert.ok(a.endsWith("</svg>\n"));
    assert.ok(!/NaN|Infinity|undefined/.test(a));
  }
});

Deno.test("labels are escaped, so architecture names cannot inject markup", () => {
  const svg = paretoSvg(points);
  assert.ok(!svg.includes("<b>"));
  assert.ok(svg.includes("&lt;b&gt;&amp;evil&lt;/b&gt;"));
  assert.equal(escapeXml(`a"b'c`), "a&quot;b&#39;c");
});

Deno.test("the Pareto plot joins the front and rings the champion; the round plot draws the baseline", () => {
  const p = paretoSvg(points);
  assert.equal((p.match(/<path /g) ?? []).length, 1);
  assert.ok(p.includes(">champion</text>"));
  const r = scorePerRoundSvg(rounds, 0.4);
  assert.equal((r.match(/<polyline /g) ?? []).length, 2);
  assert.ok(r.includes("no memory"));
  assert.ok(!scorePerRoundSvg(rounds, null).includes("no memory"));
});

Deno.test("empty inputs give a readable placeholder, not a broken plot", () => {
  assert.match(scorePerRoundSvg([], null), /no finished round yet/);
  assert.match(paretoSvg([]), /no evaluated architecture yet/);
  assert.match(costVsScoreSvg([]), /no evaluation yet/);
});

Deno.test("axes use nice steps that cover the data, with enough decimals", () => {
  const a = niceAxis([0.53, 0.62], 0.05);
  assert.deepEqual(a.ticks, [0.525, 0.55, 0.575, 0.6, 0.625]);
  assert.equal(a.digits, 3);
  const b = niceAxis([1893, 2287], 10);
  assert.deepEqual([b.lo, b.hi], [1800, 2300]);
  const flat = niceAxis([0.5, 0.5], 0.05);
  assert.ok(flat.lo < 0.5 && flat.hi > 0.5);
});

Deno.test("lift colours run from red through grey to green", () => {
  assert.equal(liftColor(-1, 1), "#c53030");
  assert.equal(liftColor(0, 1), "#9aa1b0");
  assert.equal(liftColor(1, 1), "#1f8a4c");
});
