import assert from "node:assert/strict";
import { type FlagDef, formatHelp, parseCommandArgs } from "./args.ts";

const FLAGS: FlagDef[] = [
  { name: "run_name", type: "string", description: "name", default: "r" },
  { name: "max_rounds", type: "number", description: "rounds", default: 3 },
  { name: "dry_run", type: "boolean", description: "dry" },
  { name: "proposer", type: "string", description: "who", choices: ["llm", "rules"] },
];

Deno.test("snake_case and kebab-case spellings land in the same flag", () => {
  for (const argv of [["--run_name", "x"], ["--run-name", "x"], ["--run-name=x"]]) {
    const r = parseCommandArgs(FLAGS, argv);
    assert.ok(r.ok);
    assert.equal(r.flags.run_name, "x");
  }
});

Deno.test("defaults apply, numbers are checked, choices are enforced", () => {
  const r = parseCommandArgs(FLAGS, ["--dry-run", "--max_rounds", "5"]);
  assert.ok(r.ok);
  assert.deepEqual([r.flags.run_name, r.flags.max_rounds, r.flags.dry_run], ["r", 5, true]);
  const bad = parseCommandArgs(FLAGS, ["--max_rounds", "many"]);
  assert.ok(!bad.ok && /--max_rounds expects a decimal number/.test(bad.message));
  const choice = parseCommandArgs(FLAGS, ["--proposer", "oracle"]);
  assert.ok(!choice.ok && /must be one of: llm, rules/.test(choice.message));
});

Deno.test("unknown options are rejected with a message naming them", () => {
  const r = parseCommandArgs(FLAGS, ["--bogus"]);
  assert.ok(!r.ok);
  assert.match(r.message, /--bogus/);
});

Deno.test("help lists both spellings and defaults", () => {
  const h = formatHelp("automem x", "Does x.", FLAGS);
  assert.match(h, /--run_name, --run-name VALUE\s+name \(default: r\)/);
  assert.match(h, /-h, --help/);
});
