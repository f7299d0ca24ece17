import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { HashEmbedder } from "../core/hash_embedder.ts";
import { unitSignature } from "../core/unit.ts";
import { GraphIndex } from "./graph_index.ts";
import { GraphStore } from "./graph_store.ts";
import { StoreError } from "./store_error.ts";
import { fixtureUnits, storeConformance, TEST_DIM, withTempDir } from "./store_conformance.ts";
import { UnitTable } from "./unit_table.ts";

const config = (dir: string, checkpointAfter?: number) => ({
  dir,
  embedding_dim: TEST_DIM,
  cold_start_threshold: 30,
  checkpoint_after: checkpointAfter,
});
const open = (dir: string, checkpointAfter?: number) =>
  GraphStore.open(config(dir, checkpointAfter), {
    embedder: new HashEmbedder(TEST_DIM),
    clock: logicalClock(),
  });

storeConformance("graph", (dir, options) => open(dir, options?.checkpointAfter));

Deno.test("graph: add links task and rule-based entities; neighbours are sorted by node id", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [u] = fixtureUnits(1); // a tip
      await store.add([u]);
      const ns = await store.graph!.neighbours(`m:${u.id}`);
      assert.deepEqual(ns.map((n) => n.node), [...ns.map((n) => n.node)].sort());
      assert.ok(
        ns.some((n) =>
          n.node === `q:${u.source_task_id}` && n.type === "HAS_MEMORY" && n.direction === "in"
        ),
      );
      const entities = ns.filter((n) => n.type === "HAS_ENTITY").map((n) => n.node);
      assert.ok(entities.some((e) => e.startsWith("e:concept:")));
      assert.ok(entities.some((e) => e.startsWith("e:category:")));
      assert.ok(entities.some((e) => e.startsWith("e:tag:")));
      assert.equal(await store.graph!.derivedEdgeCount(), 0);
      assert.deepEqual(await store.graph!.neighbours(`m:${u.id}`, ["SIMILAR"]), []);
    } finally {
      await store.close();
    }
  });
});

Deno.test("graph: a reindexed SIMILAR edge survives three updates of its endpoint (docs/design.md#fix-graph-edges)", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [a, b] = fixtureUnits(2);
      await store.add([a, b]);
      const edge = {
        source: `m:${a.id}`,
        target: `m:${b.id}`,
        type: "SIMILAR",
        weight: 0.8,
        usage_count: 2,
        success_count: 1,
        base_weight: 0.8,
        feedback_multiplier: 1.1,
      };
      await store.graph!.upsertEdges([edge]);
      let current = (await store.get(a.id))!;
      await store.update([{
        ...current,
        usage_count: current.usage_count + 1,
        last_accessed: "2026-01-02T00:00:00.000Z",
      }]);
      current = (await store.get(a.id))!;
      const content = { ...current.content, principle: "rewritten principle" };
      await store.update([{
        ...current,
        content,
        signature: unitSignature(content),
        embedding: null,
      }]);
      current = (await store.get(a.id))!;
      await store.update([{ ...current, decay_weight: 0.5, confidence: 0.3 }]);
      assert.deepEqual(await store.graph!.listEdges(["SIMILAR"]), [edge]);
      assert.equal(await store.graph!.derivedEdgeCount(), 1);
      assert.deepEqual(await store.graph!.neighbours(`m:${b.id}`, ["SIMILAR"]), [
        { node: `m:${a.id}`, type: "SIMILAR", weight: 0.8, direction: "in" },
      ]);
    } finally {
      await store.close();
    }
  });
});

Deno.test("graph: upsertEdges replaces by key, removeEdges counts, bad edges are typed errors", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [a, b, c] = fixtureUnits(3);
      await store.add([a, b, c]);
      const g = store.graph!;
      await g.upsertEdges([
        { source: `m:${a.id}`, target: `m:${b.id}`, type: "COOCCURS", weight: 1 },
        { source: `m:${a.id}`, target: `m:${c.id}`, type: "SUPERSEDES", weight: 1 },
      ]);
      await g.upsertEdges([{
        source: `m:${a.id}`,
        target: `m:${b.id}`,
        type: "COOCCURS",
        weight: 3,
        usage_count: 4,
      }]);
      assert.deepEqual(await g.listEdges(["COOCCURS", "SUPERSEDES"]), [
        { source: `m:${a.id}`, target: `m:${b.id}`, type: "COOCCURS", weight: 3, usage_count: 4 },
        { source: `m:${a.id}`, target: `m:${c.id}`, type: "SUPERSEDES", weight: 1 },
      ]);
      assert.equal(await g.derivedEdgeCount(), 2);
      assert.equal(
        await g.removeEdges([
          { source: `m:${a.id}`, target: `m:${b.id}`, type: "COOCCURS" },
          { source: `m:${a.id}`, target: `m:${b.id}`, type: "SIMILAR" },
        ]),
        1,
      );
      assert.equal(await g.derivedEdgeCount(), 1);
      await assert.rejects(
        g.upsertEdges([{ source: `m:${a.id}`, target: "m:nope", type: "SIMILAR", weight: 1 }]),
        (e: unknown) =>
          e instanceof StoreError && e.code === "unknown_node" &&
          e.path.join(".") === "edges.0.target",
      );
      await assert.rejects(
        g.upsertEdges([{ source: `m:${a.id}`, target: `m:${b.id}`, type: "similar", weight: 1 }]),
        (e: unknown) => e instanceof StoreError && e.code === "invalid_edge",
      );
      await assert.rejects(
        g.upsertEdges([{
          source: `m:${a.id}`,
          target: `m:${b.id}`,
          type: "HAS_ENTITY",
          weight: 1,
        }]),
        (e: unknown) => e instanceof StoreError && e.code === "invalid_edge",
      );
      await assert.rejects(
        g.upsertEdges([{
          source: `m:${a.id}`,
          target: `m:${b.id}`,
          type: "SIMILAR",
          weight: Number.NaN,
        }]),
        (e: unknown) => e instanceof StoreError && e.path.join(".") === "edges.0.weight",
      );
    } finally {
      await store.close();
    }
  });
});

Deno.test("graph: unit relations become edges on add; linkEntities and 2-hop neighbourhoods", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [a, b, c] = fixtureUnits(3);
      const b2 = {
        ...b,
        relations: [{
          target_id: a.id,
          relation_type: "similar" as const,
          weight: 0.6,
          annotation: "",
        }, { target_id: "absent", relation_type: "depends" as const, weight: 1, annotation: "" }],
      };
      const c2 = {
        ...c,
        relations: [{
          target_id: b.id,
          relation_type: "depends" as const,
          weight: 1,
          annotation: "",
        }],
      };
      await store.add([a, b2, c2]);
      assert.deepEqual(
        (await store.graph!.listEdges(["SIMILAR", "DEPENDS"])).map((e) =>
          `${e.source}>${e.target}:${e.type}:${e.weight}`
        ),
        [
          `m:${b.id}>m:${a.id}:SIMILAR:0.6`,
          `m:${c.id}>m:${b.id}:DEPENDS:1`,
        ],
      );
      await store.graph!.linkEntities(a.id, [{ type: "tool", name: "Bridge Tool" }]);
      await store.graph!.linkEntities(c.id, [{ type: "tool", name: "bridge tool" }]);
      const reach = await store.graph!.neighbourhood!([`m:${a.id}`], 2, ["HAS_ENTITY"]);
      assert.deepEqual(
        reach.filter((r) => r.node === `m:${c.id}` || r.node === "e:tool:bridge_tool"),
        [
          { node: "e:tool:bridge_tool", hops: 1 },
          { node: `m:${c.id}`, hops: 2 },
        ],
      );
      await assert.rejects(
        store.graph!.linkEntities("nope", [{ type: "tag", name: "x" }]),
        (e: unknown) => e instanceof StoreError && e.code === "unknown_node",
      );
    } finally {
      await store.close();
    }
  });
});

Deno.test("graph: compact deletes memory nodes with their edges and orphaned entities", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [a, b] = fixtureUnits(2);
      await store.add([a, b]);
      await store.graph!.linkEntities(a.id, [{ type: "tool", name: "only_a" }]);
      await store.graph!.upsertEdges([{
        source: `m:${a.id}`,
        target: `m:${b.id}`,
        type: "SIMILAR",
        weight: 1,
      }]);
      await store.remove([a.id]);
      assert.equal(await store.graph!.derivedEdgeCount(), 1);
      assert.equal(await store.compact(), 1);
      const edges = await store.graph!.listEdges();
      assert.ok(edges.every((e) => e.source !== `m:${a.id}` && e.target !== `m:${a.id}`));
      assert.equal(await store.graph!.derivedEdgeCount(), 0);
      const { entities } = await store.exportAll();
      assert.ok(!entities!.some((e) => e.id === "e:tool:only_a"));
    } finally {
      await store.close();
    }
  });
});

Deno.test("graph: reopen reconciles units and graph after a crash between the two writes", async () => {
  await withTempDir(async (dir) => {
    const units = fixtureUnits(4);
    let before: string;
    {
      const store = await open(dir);
      await store.add(units);
      before = JSON.stringify(await store.exportAll());
      await store.close();
    }
    // The graph lost everything (as if the process died before Kùzu committed): an empty
    // database. (A missing database file is no crash state; it is refused, see store_repair.)
    for await (const e of Deno.readDir(dir)) {
      if (e.name.startsWith("graph.kuzu")) await Deno.remove(join(dir, e.name));
    }
    await (await GraphIndex.open(dir)).close();
    {
      const store = await open(dir);
      assert.equal(JSON.stringify(await store.exportAll()), before);
      await store.close();
    }
    // The unit log lost a unit the graph still has (a purge that died before the graph delete).
    const table = await UnitTable.open({ dir, dim: TEST_DIM });
    await table.purge([units[0].id]);
    const store = await open(dir);
    try {
      assert.deepEqual(await store.graph!.neighbours(`m:${units[0].id}`), []);
      assert.equal(await store.count(), 3);
    } finally {
      await store.close();
    }
  });
});

Deno.test("graph: a process killed without close() reopens to its last committed state", async () => {
  await withTempDir(async (dir) => {
    const script = join(dir, "child.ts");
    const store = new URL("./graph_store.ts", import.meta.url).href;
    const fixtures = new URL("./store_conformance.ts", import.meta.url).href;
    await Deno.writeTextFile(
      script,
      `
      import { GraphStore } from "${store}";
      import { fixtureUnits, TEST_DIM } from "${fixtures}";
      import { HashEmbedder } from "${new URL("../core/hash_embedder.ts", import.meta.url).href}";
      import { logicalClock } from "${new URL("../core/clock.ts", import.meta.url).href}";
      const s = await GraphStore.open({ dir: Deno.args[0], embedding_dim: TEST_DIM, cold_start_threshold: 30 },
        { embedder: new HashEmbedder(TEST_DIM), clock: logicalClock() });
      const units = fixtureUnits(5);
      await s.add(units);
      await s.graph.upsertEdges([{ source: "m:" + units[0].id, target: "m:" + units[1].id, type: "SIMILAR", weight: 0.5 }]);
      console.log(JSON.stringify(await s.exportAll()));
      Deno.exit(0);
    `,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--config",
        new URL("../deno.json", import.meta.url).pathname,
        script,
        join(dir, "store"),
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const expected = new TextDecoder().decode(out.stdout).trim();
    const reopened = await open(join(dir, "store"));
    try {
      assert.equal(JSON.stringify(await reopened.exportAll()), expected);
      assert.equal(await reopened.graph!.derivedEdgeCount(), 1);
    } finally {
      await reopened.close();
    }
  });
});

Deno.test("graph: importAll of a snapshot without graph data links tasks and rule-based entities", async () => {
  await withTempDir(async (dir) => {
    const store = await open(dir);
    try {
      const [a, b] = fixtureUnits(2);
      await store.importAll({ units: [a, b, { ...a, confidence: 0.2 }], edges: [] });
      assert.equal(await store.count(), 2);
      assert.equal((await store.get(a.id))?.confidence, 0.2);
      const ns = await store.graph!.neighbours(`m:${a.id}`);
      assert.ok(ns.some((n) => n.type === "HAS_MEMORY"));
      assert.ok(ns.some((n) => n.type === "HAS_ENTITY"));
      await store.importAll({ units: [b] } as unknown as Parameters<typeof store.importAll>[0]);
      assert.equal(await store.count(), 2);
      await assert.rejects(
        store.importAll(
          { units: [], edges: "x" } as unknown as Parameters<typeof store.importAll>[0],
        ),
        (e: unknown) => e instanceof StoreError && e.path.join(".") === "snapshot.edges",
      );
    } finally {
      await store.close();
    }
    await assert.rejects(
      store.get("x"),
      (e: unknown) => e instanceof StoreError && e.code === "closed",
    );
    await assert.rejects(
      store.graph!.neighbours("m:x"),
      (e: unknown) => e instanceof StoreError && e.code === "closed",
    );
  });
});
