import assert from "node:assert/strict";
import {
  capitalisedSpans,
  entityNodeId,
  heuristicEntities,
  normalizeEntityName,
  nounPhrases,
  offlineExtraction,
  toolNames,
  unitText,
} from "./entities.ts";

const unit = (
  type: "tip" | "insight" | "trajectory" | "workflow" | "shortcut",
  content: Record<string, unknown>,
  tags: string[] = [],
) => ({
  type,
  content,
  applicable_task_types: tags,
  use_when: [],
});

Deno.test("normalizeEntityName follows the reference rules and keeps CJK letters", () => {
  assert.equal(normalizeEntityName("  Web Search!  Tool "), "web_search_tool");
  assert.equal(normalizeEntityName("file-parse (CSV)"), "file-parse_csv");
  assert.equal(normalizeEntityName("北京 大学"), "北京_大学");
  assert.equal(normalizeEntityName("!!!"), "");
  assert.equal(entityNodeId("DataSource", "World Bank"), "e:datasource:world_bank");
  assert.equal(entityNodeId("tag", "??"), "");
});

Deno.test("toolNames finds known tools, *_tool/*_search calls and CamelCase Tools", () => {
  assert.deepEqual(toolNames('web_search("x") then my_tool(a) and print(b) and SuperSearchTool'), [
    "web_search",
    "my_tool",
    "SuperSearchTool",
  ]);
  assert.deepEqual(toolNames("think about it"), []);
});

Deno.test("capitalisedSpans keeps names and skips lone sentence-initial words", () => {
  assert.deepEqual(capitalisedSpans("Search the World Bank data. Then open Excel, not Word."), [
    "World Bank",
    "Excel",
    "Word",
  ]);
  assert.deepEqual(capitalisedSpans("The New York Times said so."), ["New York Times"]);
});

Deno.test("nounPhrases returns 2-3 word chunks between stop words", () => {
  assert.deepEqual(
    nounPhrases("check the release date of the film, then verify box office numbers"),
    [
      "release date",
      "box office numbers",
    ],
  );
});

Deno.test("heuristicEntities applies the per-type rules, tags and named spans", () => {
  const tip = heuristicEntities(unit("tip", {
    topic: "Date lookups",
    principle: "Prefer Wikipedia infoboxes for release dates.",
    category: "tool_and_search",
    task_type_tags: ["fact_lookup"],
  }, ["fact_lookup", "numeric"]));
  assert.deepEqual(tip, [
    { type: "concept", name: "Date lookups" },
    { type: "category", name: "tool_and_search" },
    { type: "tag", name: "fact_lookup" },
    { type: "tag", name: "numeric" },
    { type: "named", name: "Wikipedia" },
  ]);
  const traj = heuristicEntities(unit("trajectory", {
    key_decision: "switch to the archive after two empty searches",
    tool_strategy: "search then crawl",
    steps: [{ action: 'web_search("x")' }, { action: "crawl_page(url)" }],
  }));
  assert.deepEqual(traj.map((e) => `${e.type}:${e.name}`), [
    "tool:web_search",
    "tool:crawl_page",
    "concept:switch to the archive after two empty searches",
    "tool_pattern:search then crawl",
  ]);
  const insight = heuristicEntities(
    unit("insight", {
      root_cause_conclusion: "stopped too early",
      failure_pattern: "incomplete_search",
    }),
  );
  assert.deepEqual(insight.map((e) => e.type), ["concept", "failure_pattern"]);
  const shortcut = heuristicEntities(
    unit("shortcut", { name: "get_year", precondition: "a page is open" }),
  );
  assert.deepEqual(shortcut.map((e) => `${e.type}:${e.name}`), [
    "action:get_year",
    "concept:a page is open",
  ]);
  const wf = heuristicEntities(
    unit("workflow", { agent_workflow: [{ step: 1, action: "file_inspection(path)" }] }),
  );
  assert.deepEqual(wf, [{ type: "tool", name: "file_inspection" }]);
});

Deno.test("offlineExtraction links entities named in the same sentence", () => {
  const { entities, facts } = offlineExtraction(unit("tip", {
    topic: "box office",
    principle:
      "Use the World Bank portal for Excel exports. Box office numbers need a second source.",
  }));
  assert.ok(entities.some((e) => e.type === "named" && e.name === "World Bank"));
  assert.ok(entities.some((e) => e.type === "concept" && e.name === "box office"));
  assert.deepEqual(facts.find((f) => f.source === "World Bank"), {
    source: "World Bank",
    target: "Excel",
    relation: "CO_OCCURS",
    fact: "Use the World Bank portal for Excel exports.",
  });
  assert.ok(facts.every((f) => f.source !== f.target));
});

Deno.test("unitText keeps one content string per line so fields never merge", () => {
  const text = unitText({
    content: {
      topic: "Box office",
      task_type_tags: ["numeric", "comparison"],
      steps: [{ action: "web_search(x)" }],
    },
    use_when: ["numeric", "the figure is in USD"],
  });
  assert.equal(text, "Box office\nnumeric\ncomparison\nweb_search(x)\nthe figure is in USD");
  const { facts } = offlineExtraction(
    unit("tip", { topic: "box office", task_type_tags: ["numeric", "comparison"] }, [
      "numeric",
      "comparison",
    ]),
  );
  assert.deepEqual(facts, []);
});
