import assert from "node:assert/strict";
import { parseDotenv } from "./dotenv.ts";

Deno.test("plain KEY=VALUE lines are read with surrounding spaces trimmed", () => {
  assert.deepEqual(parseDotenv("A=1\n  B = two words  \nC="), { A: "1", B: "two words", C: "" });
});

Deno.test("blank lines, comment lines and an export prefix are accepted", () => {
  assert.deepEqual(parseDotenv("# comment\n\nexport KEY=v\n   # indented comment"), { KEY: "v" });
});

Deno.test("an inline comment needs whitespace before the hash", () => {
  assert.deepEqual(parseDotenv("A=value # note\nB=x#y"), { A: "value", B: "x#y" });
});

Deno.test("single quotes keep their content literally", () => {
  assert.deepEqual(parseDotenv("A='a # b \\n c'"), { A: "a # b \\n c" });
});

Deno.test("double quotes support escapes and keep inner hashes and spaces", () => {
  assert.deepEqual(parseDotenv('A=" x\\n\\"y\\" # z "  # trailing comment'), { A: ' x\n"y" # z ' });
});

Deno.test("CRLF line endings and a byte-order mark are tolerated", () => {
  assert.deepEqual(parseDotenv("\uFEFFA=1\r\nB=2\r\n"), { A: "1", B: "2" });
});

Deno.test("the last duplicate wins", () => {
  assert.deepEqual(parseDotenv("A=1\nA=2"), { A: "2" });
});

Deno.test("a line without = or with a bad key is an error naming only the line number", () => {
  assert.throws(() => parseDotenv("A=1\nsk-secret-value"), /line 2: expected KEY=VALUE/);
  assert.throws(() => parseDotenv("1A=x"), /line 1/);
  try {
    parseDotenv("sk-secret-value");
  } catch (error) {
    assert.ok(!(error as Error).message.includes("sk-secret"));
  }
});

Deno.test("an unterminated quote or text after the closing quote is an error", () => {
  assert.throws(() => parseDotenv('A="open'), /line 1: missing closing "/);
  assert.throws(() => parseDotenv("A='x' y"), /after the closing quote/);
});
