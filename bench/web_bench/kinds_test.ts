import assert from "node:assert/strict";
import { WEB_KINDS, webKindOf } from "./kinds.ts";

Deno.test("web benchmark names resolve in any case and through the reference's aliases", () => {
  assert.equal(webKindOf("gaia")?.name, "GAIA");
  assert.equal(webKindOf("WebWalkerQA")?.name, "WebWalkerQA");
  for (const n of ["xbench", "XBENCH_DEEPSEARCH", "xBench-DeepSearch"]) {
    assert.equal(webKindOf(n)?.name, "xBench-DeepSearch");
  }
  assert.equal(webKindOf("world"), undefined);
});

Deno.test("only xBench is protected and has the 10/70/10/10 split; WebWalkerQA tasks show the start URL", () => {
  assert.deepEqual(
    Object.values(WEB_KINDS).filter((k) => k.protected).map((k) => k.name),
    ["xBench-DeepSearch"],
  );
  assert.deepEqual(WEB_KINDS["xBench-DeepSearch"].splitDefaults, {
    warmup: 10,
    search: 70,
    validation: 10,
    test: 10,
  });
  const prompt = WEB_KINDS.WebWalkerQA.prompt({
    row: 0,
    id: "ww-1",
    question: "Who?",
    answer: "x",
    level: 1,
    levelGiven: false,
    rootUrl: "https://site.test/",
    info: {},
  });
  assert.match(prompt, /MUST begin by accessing https:\/\/site\.test\//);
});
