import assert from "node:assert/strict";
import { logicalClock } from "../../core/clock.ts";
import { createRng } from "../../core/rng.ts";
import { CannedProvider } from "../testing/canned_provider.ts";
import { offlineResearchModel } from "./offline_agent.ts";
import { runResearchAgent } from "./research_agent.ts";
import { type FakePage, offlineToolContext } from "./testing/fake_tools.ts";
import type { AgentTool } from "../web/tool_port.ts";

const O = "http://127.0.0.1:9/";
const PAGES: FakePage[] = [
  { url: `${O}`, title: "Home", text: `Welcome. - Islands: ${O}islands.html` },
  {
    url: `${O}islands.html`,
    title: "Islands",
    text: `Islands of the chain. - Corrow island: ${O}islands/corrow.html`,
  },
  {
    url: `${O}islands/corrow.html`,
    title: "Corrow",
    text: `Main village: Saltby. - Corrow Head lighthouse: ${O}lighthouses/corrow-head.html`,
  },
  {
    url: `${O}lighthouses/corrow-head.html`,
    title: "Corrow Head",
    text: "It was first lit in 1874.",
  },
];

function tools(log: string[]): AgentTool[] {
  return [{
    spec: { name: "web_search", description: "search", parameters: {} },
    call(args) {
      log.push(`search ${args.query}`);
      const q = String(args.query).toLowerCase();
      const hits = PAGES.filter((p) =>
        q.split(" ").some((w) => w && p.text.toLowerCase().includes(w))
      )
        .slice(0, 1);
      return Promise.resolve({
        ok: true,
        content: hits.map((h, i) => `${i + 1}. ${h.title}\n   URL: ${h.url}\n   ${h.text}`).join(
          "\n",
        ),
      });
    },
  }, {
    spec: { name: "crawl_page", description: "read", parameters: {} },
    call(args) {
      log.push(`crawl ${args.url}`);
      const p = PAGES.find((x) => x.url === args.url);
      return Promise.resolve(
        p ? { ok: true, content: `Title: ${p.title}\nURL: ${p.url}\n\n${p.text}` } : {
          ok: false,
          content: "not found",
        },
      );
    },
  }];
}

const knowledge = {
  facts: ["Main village: Saltby", "first lit in 1874"],
  answer: "1874",
  query: "Saltby village",
  origin: "http://127.0.0.1:5555/",
};

async function play(provider: CannedProvider, maxSteps: number) {
  const log: string[] = [];
  const run = await runResearchAgent({
    task: { id: "t", text: "When was the lighthouse on the island of Saltby first lit?" },
    prompt: "When was the lighthouse on the island of Saltby first lit?",
    model: offlineResearchModel({ ...knowledge, origin: O }),
    tools: tools(log),
    toolContext: offlineToolContext(),
    provider,
    rng: createRng(1),
    clock: logicalClock(),
    limits: { maxSteps, summaryInterval: 2 },
  });
  return { run, log };
}

Deno.test("the offline agent searches, follows the relevant link and answers once the facts are read", async () => {
  const { run, log } = await play(new CannedProvider(), 8);
  assert.equal(run.answer, "1874");
  assert.equal(run.stop, "final_answer");
  assert.deepEqual(log, [
    "search Saltby village",
    `crawl ${O}islands/corrow.html`,
    `crawl ${O}lighthouses/corrow-head.html`,
  ]);
});

Deno.test("a remembered page (on another port) saves steps, and decides a tight budget", async () => {
  const memory = new CannedProvider({
    begin: () => ({
      text: "[memory:u1] crawl_page(http://127.0.0.1:4444/lighthouses/corrow-head.html) worked; " +
        "also http://127.0.0.1:4444/islands/corrow.html",
    }),
  });
  const remembered = await play(memory, 2);
  assert.equal(
    remembered.run.answer,
    "1874",
    JSON.stringify([remembered.log, remembered.run.steps]),
  );
  assert.deepEqual(remembered.log, [
    `crawl ${O}lighthouses/corrow-head.html`,
    `crawl ${O}islands/corrow.html`,
  ]);
  const without = await play(new CannedProvider(), 2);
  assert.notEqual(without.run.answer, "1874");
});
