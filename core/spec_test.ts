import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { Same } from "./same_type.ts";
import {
  type ArchitectureSpec,
  type ArchitectureSpecSchema,
  canonicalSpecJson,
  fingerprint,
  parseSpec,
  specLabel,
  toSearchShape,
} from "./spec.ts";
import type { z } from "./zod.ts";
import {
  ENCODE_TYPES,
  MANAGE_PRESETS,
  RETRIEVER_KINDS,
  STORE_KINDS,
  validCoordinates,
} from "./space.ts";

const EXAMPLE = {
  schema_version: "1",
  encode: ["tip", "trajectory", "workflow"],
  store: "graph",
  retrieve: "contrastive",
  manage: "lightweight",
};

function ok(input: unknown) {
  const r = parseSpec(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

function issues(input: unknown) {
  const r = parseSpec(input);
  assert.equal(r.ok, false, `expected invalid: ${JSON.stringify(input)}`);
  return r.ok ? [] : r.issues;
}

Deno.test("fingerprints equal the Python reference's for both published vectors", () => {
  const tipJson = ok({
    encode: ["tip"],
    manage: "lightweight",
    retrieve: "hybrid",
    schema_version: "1",
    store: "json",
  });
  assert.equal(
    fingerprint(tipJson),
    "ec00873a727a1081ebf88d8ff6dde3f53f159f5e63cc5dcf320b61e3ccc87acd",
  );
  assert.equal(
    fingerprint(ok(EXAMPLE)),
    "7b92142acecaf8db41889587cc6920cc12ddda6fe345e41df5c3865995fab681",
  );
  assert.equal(
    canonicalSpecJson(ok(EXAMPLE)),
    '{"encode":["tip","trajectory","workflow"],"manage":"lightweight","retrieve":"contrastive","schema_version":"1","store":"graph"}',
  );
});

Deno.test("encode order and string shorthand do not change the canonical spec", () => {
  const a = ok({ ...EXAMPLE, encode: ["workflow", "tip", "trajectory"] });
  assert.deepEqual(a.encode, ["tip", "trajectory", "workflow"]);
  assert.equal(fingerprint(a), fingerprint(ok(EXAMPLE)));
  const b = ok({ ...EXAMPLE, encode: "insight" });
  assert.deepEqual(b.encode, ["insight"]);
  assert.equal(specLabel(b), "insight/graph/contrastive/lightweight");
});

Deno.test("every error class is reported with its code, path and a message naming the field", () => {
  const cases: [unknown, string, (string | number)[], RegExp][] = [
    [[1], "not_object", [], /must be a mapping/],
    [{ ...EXAMPLE, extra: 1 }, "unknown_field", [], /unknown architecture fields: extra/],
    [
      { ...EXAMPLE, store: undefined },
      "missing_field",
      ["store"],
      /missing architecture field: store/,
    ],
    [{ ...EXAMPLE, retrieve: 3 }, "wrong_type", ["retrieve"], /retrieve must be a string/],
    [
      { ...EXAMPLE, schema_version: "2" },
      "unsupported_version",
      ["schema_version"],
      /unsupported schema_version '2'; expected '1'/,
    ],
    [
      { ...EXAMPLE, schema_version: 1 },
      "wrong_type",
      ["schema_version"],
      /schema_version must be a string/,
    ],
    [{ ...EXAMPLE, encode: [] }, "empty", ["encode"], /non-empty list/],
    [{ ...EXAMPLE, encode: 7 }, "wrong_type", ["encode"], /string or a list of strings/],
    [{ ...EXAMPLE, encode: ["tip", 3] }, "wrong_type", ["encode", 1], /non-empty list of strings/],
    [
      { ...EXAMPLE, encode: ["tip", "nope"] },
      "invalid_value",
      ["encode", 1],
      /invalid encode value 'nope'; expected values from: tip, insight/,
    ],
    [
      { ...EXAMPLE, encode: ["tip", "tip"] },
      "duplicate",
      ["encode"],
      /duplicate encode value\(s\): tip/,
    ],
    [
      { ...EXAMPLE, store: "faiss" },
      "invalid_value",
      ["store"],
      /invalid store 'faiss'; expected one of: json, vector, hybrid, graph, llm_graph/,
    ],
    [
      { ...EXAMPLE, manage: "json_basic" },
      "invalid_value",
      ["manage"],
      /Unknown management preset 'json_basic'/,
    ],
    [
      { ...EXAMPLE, store: "json", retrieve: "graph" },
      "incompatible",
      ["retrieve"],
      /graph retrieval requires graph or llm_graph storage/,
    ],
    [
      { ...EXAMPLE, manage: "graph_consolidate" },
      "incompatible",
      ["manage"],
      /requires graph retrieval/,
    ],
  ];
  for (const [input, code, path, message] of cases) {
    const found = issues(input).find((i) => i.code === code);
    assert.ok(
      found,
      `no ${code} issue for ${JSON.stringify(input)}: ${JSON.stringify(issues(input))}`,
    );
    assert.deepEqual(found.path, path);
    assert.match(found.message, message);
  }
});

Deno.test("all issues of a document are reported at once", () => {
  const found = issues({
    schema_version: "2",
    encode: ["x", "x"],
    store: "json",
    retrieve: "graph",
    manage: "graph_consolidate",
    y: 1,
  });
  const codes = found.map((i) => i.code).sort();
  assert.deepEqual(codes, [
    "duplicate",
    "incompatible",
    "incompatible",
    "invalid_value",
    "invalid_value",
    "unknown_field",
    "unsupported_version",
  ]);
});

Deno.test("the search shape converts to the same canonical spec and back", () => {
  const spec = ok(EXAMPLE);
  const shape = toSearchShape(spec);
  assert.deepEqual(shape.storage_routing, { tip: "graph", trajectory: "graph", workflow: "graph" });
  assert.equal(fingerprint(ok(shape)), fingerprint(spec));
  const mixed = issues({
    ...shape,
    storage_routing: { tip: "graph", trajectory: "json", workflow: "graph" },
  });
  assert.match(mixed[0].message, /same single store/);
  const keys = issues({ ...shape, storage_routing: { tip: "graph" } });
  assert.match(keys[0].message, /must equal extract_types/);
});

Deno.test("every valid coordinate parses, and its fingerprint is the sha256 of its canonical JSON", () => {
  let n = 0;
  for (const c of validCoordinates()) {
    const spec = ok({ schema_version: "1", ...c });
    assert.equal(
      fingerprint(spec),
      createHash("sha256").update(canonicalSpecJson(spec)).digest("hex"),
    );
    n++;
  }
  assert.equal(n, 2573);
});

function randomJson(rand: () => number, depth: number): unknown {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const r = rand();
  if (depth <= 0 || r < 0.3) {
    return pick<unknown>([
      null,
      true,
      0,
      -1.5,
      "",
      "tip",
      "graph",
      "1",
      "x\u00e9",
      ...ENCODE_TYPES,
      ...STORE_KINDS,
    ]);
  }
  if (r < 0.5) {
    return Array.from({ length: Math.floor(rand() * 4) }, () => randomJson(rand, depth - 1));
  }
  const keys = [
    "schema_version",
    "encode",
    "store",
    "retrieve",
    "manage",
    "extract_types",
    "storage_routing",
    "zz",
  ];
  const obj: Record<string, unknown> = {};
  for (const k of keys) if (rand() < 0.6) obj[k] = randomJson(rand, depth - 1);
  if (rand() < 0.5) {
    obj.schema_version = "1";
    obj.store = pick(STORE_KINDS);
    obj.retrieve = pick(RETRIEVER_KINDS);
    obj.manage = pick(MANAGE_PRESETS);
    if (rand() < 0.5) {
      obj.encode = pick(ENCODE_TYPES);
      delete obj.zz;
      delete obj.extract_types;
      delete obj.storage_routing;
    }
  }
  return obj;
}

Deno.test("fuzz: thousands of random JSON values never throw and every invalid one yields issues", () => {
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let valid = 0;
  for (let i = 0; i < 5000; i++) {
    const input = randomJson(rand, 3);
    const r = parseSpec(input);
    if (r.ok) {
      valid++;
      assert.equal(r.value.schema_version, "1");
    } else {
      assert.ok(r.issues.length >= 1);
      for (const iss of r.issues) assert.ok(iss.code && iss.message && Array.isArray(iss.path));
    }
  }
  assert.ok(valid > 0, "the generator should produce some valid specs");
});

// Written out for the documentation; the schema stays the one definition.
const specIsSchema: Same<ArchitectureSpec, z.infer<typeof ArchitectureSpecSchema>> = true;

Deno.test("the ArchitectureSpec interface is exactly the schema's inferred type", () => {
  assert.equal(specIsSchema, true);
});
