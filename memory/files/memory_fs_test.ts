import assert from "node:assert/strict";
import { FileNameError, linesOf, MemoryFs, safeName } from "./memory_fs.ts";

Deno.test("flat names keep their historical mapping", () => {
  assert.equal(safeName(" notes.txt "), "notes.txt");
  assert.equal(safeName(".."), "unnamed.txt");
  assert.equal(safeName("  "), "unnamed.txt");
  assert.equal(safeName("a..b.txt"), "ab.txt");
});

Deno.test("nested names stay distinct: a/x.md and b/x.md are two files", () => {
  assert.equal(safeName("a\\b\\notes.txt"), "a/b/notes.txt");
  const fs = new MemoryFs();
  assert.equal(fs.write("a/x.md", "alpha"), "[Wrote to a/x.md]");
  assert.equal(fs.write("b/x.md", "beta"), "[Wrote to b/x.md]");
  assert.equal(fs.read("a/x.md"), "alpha\n");
  assert.equal(fs.read("b\\x.md"), "beta\n");
  assert.deepEqual(fs.names(), ["a/x.md", "b/x.md"]);
  assert.deepEqual(new MemoryFs(fs.snapshot()).snapshot(), {
    "a/x.md": "alpha\n",
    "b/x.md": "beta\n",
  });
});

Deno.test("traversal, absolute paths and empty segments are refused with invalid_file_name", () => {
  for (
    const bad of [
      "../../etc/passwd",
      "a/../b.md",
      "/etc/passwd",
      "C:/x.md",
      "a//b.md",
      "a/",
      "./a/b",
    ]
  ) {
    assert.throws(
      () => safeName(bad),
      (e: unknown) => e instanceof FileNameError && e.code === "invalid_file_name",
      bad,
    );
  }
  const fs = new MemoryFs({ "a.txt": "kept\n" });
  assert.match(
    fs.write("../a.txt", "evil"),
    /^\[ERROR: invalid file name '\.\.\/a\.txt': '\.\.' segments/,
  );
  assert.match(
    fs.read("/etc/passwd"),
    /^\[ERROR: invalid file name '\/etc\/passwd': absolute paths/,
  );
  assert.deepEqual(fs.snapshot(), { "a.txt": "kept\n" });
  assert.throws(() => new MemoryFs({ "x//y": "" }), FileNameError);
});

Deno.test("read, search, tail and count answer with the seed's exact texts", () => {
  const fs = new MemoryFs({ "a.txt": "Stairs at 3\nwall\nstairs at 9\n", "e.txt": "" });
  assert.equal(fs.read("a.txt"), "Stairs at 3\nwall\nstairs at 9\n");
  assert.equal(fs.read("e.txt"), "[FILE IS EMPTY]");
  assert.equal(fs.read("x.txt"), "[ERROR: file 'x.txt' does not exist]");
  assert.equal(fs.search("a.txt", "STAIRS"), "Stairs at 3\nstairs at 9");
  assert.equal(fs.search("a.txt", "door"), "[No lines matching 'door']");
  assert.equal(fs.search("e.txt", "x"), "[FILE IS EMPTY — no matches]");
  assert.equal(
    fs.search("a.txt", "stairs", 1),
    "[Showing last 1 of 2 matches for 'stairs']\nstairs at 9",
  );
  assert.equal(fs.tail("a.txt", 2), "wall\nstairs at 9");
  assert.equal(fs.count("a.txt", "stairs"), "[2 line(s) matching 'stairs']");
});

Deno.test("append, write, create and upsert change files and report what they did", () => {
  const fs = new MemoryFs();
  assert.equal(fs.append("log.txt", "one\n\n"), "[Appended to log.txt]");
  fs.append("log.txt", "two");
  assert.equal(fs.content("log.txt"), "one\ntwo\n");
  assert.equal(fs.write("log.txt", "   "), "[Wrote to log.txt]");
  assert.equal(fs.content("log.txt"), "");
  assert.equal(fs.create("log.txt"), "[File 'log.txt' already exists]");
  assert.equal(fs.create("new.txt"), "[Created new.txt]");
  fs.upsert("map.txt", "(1,2)", "floor");
  fs.upsert("map.txt", "(3,4)", "door");
  assert.equal(fs.upsert("map.txt", "(1,2)", "stairs down"), "[Updated entry '(1,2)' in map.txt]");
  assert.equal(fs.content("map.txt"), "(3,4): door\n(1,2): stairs down\n");
});

Deno.test("read-only sensor files refuse model writes but accept code updates", () => {
  const fs = new MemoryFs({ "status.txt": "" }, { readOnly: ["status.txt"] });
  assert.match(fs.append("status.txt", "x"), /maintained by the scaffold/);
  fs.put("status.txt", "HP 10\n");
  assert.equal(fs.read("status.txt"), "HP 10\n");
});

Deno.test("prune keeps the newest lines under one header and does not stack headers", () => {
  const fs = new MemoryFs({ "l.txt": Array.from({ length: 10 }, (_, i) => `e${i}`).join("\n") });
  assert.equal(fs.prune("l.txt", 8, 4), 6);
  assert.deepEqual(linesOf(fs.content("l.txt")), [
    "[... 6 older entries pruned at step boundary ...]",
    "e6",
    "e7",
    "e8",
    "e9",
  ]);
  assert.equal(fs.prune("l.txt", 8, 4), 0);
});

Deno.test("index, snapshot, restore and reset with persistent files", () => {
  const fs = new MemoryFs({ "b.txt": "x\ny\n", "a.txt": "" });
  assert.equal(fs.index(), "  - a.txt (0 lines)\n  - b.txt (2 lines)");
  const snap = fs.snapshot();
  fs.append("a.txt", "note");
  fs.append("keep.txt", "lesson");
  assert.equal(fs.chars(), 4 + 5 + 7);
  fs.reset({ "a.txt": "", "keep.txt": "" }, ["keep.txt"]);
  assert.equal(fs.content("a.txt"), "");
  assert.equal(fs.content("keep.txt"), "lesson\n");
  assert.equal(fs.has("b.txt"), false);
  fs.restore(snap);
  assert.deepEqual(fs.snapshot(), { "a.txt": "", "b.txt": "x\ny\n" });
});
