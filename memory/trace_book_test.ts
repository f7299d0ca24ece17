import assert from "node:assert/strict";
import type { RetrievalTrace } from "./provider_port.ts";
import { TraceBook } from "./trace_book.ts";

const record = (phase: "begin" | "in"): RetrievalTrace => ({
  phase,
  outcome: "empty_store",
  query: { literal: "q", abstract: "", planner: "literal" },
  retriever: "hybrid",
  candidates: [],
  injected_ids: [],
  composer: "none",
  guidance_tokens: 0,
  used_edges: [],
});

Deno.test("start replaces an older trace while open appends to the current one", () => {
  const book = new TraceBook();
  book.addRetrieval("t", record("begin"));
  book.addRetrieval("t", record("in"));
  assert.equal(book.get("t")?.retrievals.length, 2);
  book.start("t");
  assert.equal(book.get("t")?.retrievals.length, 0);
});

Deno.test("get returns a copy that cannot change the stored trace", () => {
  const book = new TraceBook();
  book.addRetrieval("t", record("begin"));
  book.get("t")!.retrievals.length = 0;
  assert.equal(book.get("t")?.retrievals.length, 1);
  assert.equal(book.get("missing"), undefined);
});

Deno.test("the book is bounded and drops the least recently touched trace", () => {
  const book = new TraceBook(2);
  book.start("a");
  book.start("b");
  book.open("a");
  book.start("c");
  assert.equal(book.size, 2);
  assert.equal(book.get("b"), undefined);
  assert.ok(book.get("a"));
  assert.throws(() => new TraceBook(0), /positive integer/);
});
