import assert from "node:assert/strict";
import { initialFiles, parseScaffoldSpec, scaffoldFingerprint } from "./spec.ts";
import { V0_SCAFFOLDS, v0Scaffold } from "./v0.ts";

Deno.test("every v0 scaffold parses and has a stable fingerprint that changes with the spec", () => {
  for (const env of ["tiny", "nethack", "crawl"]) {
    const spec = v0Scaffold(env);
    const again = parseScaffoldSpec(JSON.parse(JSON.stringify(spec)));
    assert.ok(again.ok);
    assert.equal(scaffoldFingerprint(again.value), scaffoldFingerprint(spec));
  }
  const changed = { ...v0Scaffold("tiny"), sensors: ["stuck_counter" as const] };
  assert.notEqual(scaffoldFingerprint(changed), scaffoldFingerprint(V0_SCAFFOLDS.tiny));
});

Deno.test("invalid scaffold specs report every issue with a path", () => {
  const bad = {
    ...v0Scaffold("tiny"),
    files: [
      { name: "a.txt", prune: { max: 5, keep: 9 } },
      { name: "a.txt", key_pattern: "(" },
    ],
    plan_ops: ["WRITE"],
    sensors: ["telepathy"],
  };
  const r = parseScaffoldSpec(bad);
  assert.ok(!r.ok);
  const paths = r.issues.map((i) => i.path.join("."));
  for (const p of ["files.0.prune", "files.1.key_pattern", "plan_ops.0", "sensors.0"]) {
    assert.ok(paths.includes(p), `missing issue at ${p}: ${JSON.stringify(r.issues)}`);
  }
});

Deno.test("UPSERT without a keyed file and duplicate file names are refused", () => {
  const r = parseScaffoldSpec({ ...v0Scaffold("tiny"), log_ops: ["UPSERT"] });
  assert.ok(!r.ok && r.issues.some((i) => i.code === "inconsistent"));
  const d = parseScaffoldSpec({
    ...v0Scaffold("tiny"),
    files: [{ name: "x.txt" }, { name: "x.txt" }],
  });
  assert.ok(!d.ok && d.issues.some((i) => i.code === "duplicate"));
});

Deno.test("initial files hold seeds and empty sensor files", () => {
  const spec = { ...v0Scaffold("tiny"), sensors: ["stairs_seen" as const] };
  const files = initialFiles(spec);
  assert.equal(files["stairs_seen.txt"], "");
  assert.match(files["game_rules.txt"], /down/);
});
