import assert from "node:assert/strict";
import { ABSTRACT_MAX_WORDS, abstractQuery } from "./query_abstraction.ts";

Deno.test("abstractQuery: drops quoted literals, numbers and entity names, keeps the operation", () => {
  assert.equal(
    abstractQuery(
      'Find the paper titled "Attention Is All You Need" and count how many authors it lists.',
    ),
    "find paper titled count how many authors lists",
  );
  assert.equal(
    abstractQuery("How many studio albums did Mercedes Sosa publish between 2000 and 2009?"),
    "how many studio albums publish between",
  );
});

Deno.test("abstractQuery: drops URLs, file names, dates and mixed-case tokens", () => {
  assert.equal(
    abstractQuery(
      "Download report_2023.xlsx from https://example.com/data and compute the average.",
    ),
    "download compute average",
  );
  assert.equal(
    abstractQuery("Compare the iPhone and COVID-19 figures on 2021-03-04."),
    "compare figures",
  );
});

Deno.test("abstractQuery: two tasks with the same operation abstract to the same text", () => {
  assert.equal(
    abstractQuery("What is the population of Paris?"),
    abstractQuery("What is the population of Lagos?"),
  );
});

Deno.test("abstractQuery: a sentence-initial capital is grammar unless a name follows", () => {
  assert.equal(abstractQuery("Summarise the text. Translate it."), "summarise text translate");
  assert.equal(abstractQuery("New York hosts what?"), "hosts what");
});

Deno.test("abstractQuery: is deduplicated, capped, and empty when nothing generic remains", () => {
  assert.equal(abstractQuery("count count count"), "count");
  const long = Array.from(
    { length: 50 },
    (_, i) => `verb${"abcdefghijklmnopqrstuvwxyz"[i % 26]}x${"abcdefghij"[i % 10]}`,
  );
  assert.equal(abstractQuery(long.join(" ")).split(" ").length, ABSTRACT_MAX_WORDS);
  assert.equal(abstractQuery('"Paris" 2020 Mercedes Sosa'), "");
});
