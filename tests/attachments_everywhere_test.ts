/**
 * A GAIA task with a `.png` attachment reaches the configured vision endpoint (a fake
 * OpenAI-compatible server on 127.0.0.1) through every command that builds the agent's tools:
 * `automem run` end to end, the toolkit `automem search` hands its benchmarks, and the one
 * `automem worker` builds for web units.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { logicalClock } from "../core/clock.ts";
import { createOpenAIChatModel } from "../core/openai_adapter.ts";
import { createRng } from "../core/rng.ts";
import { CannedProvider } from "../bench/testing/canned_provider.ts";
import type { WebBenchmark } from "../bench/web_bench/benchmark.ts";
import { runCli } from "../cli/run_cli.ts";
import { runCommand } from "../cli/run_default.ts";
import { searchWebServices } from "../cli/search_commands.ts";
import { captureIo } from "../cli/testing_io.ts";
import { workerServices } from "../cli/worker_services.ts";

type Body = {
  model: string;
  messages: { role: string; content: unknown }[];
  tools?: unknown[];
};

function reply(message: Record<string, unknown>) {
  return Response.json({
    id: "c",
    object: "chat.completion",
    created: 0,
    model: "fake",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
    usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 },
  });
}

function toolCall(name: string, args: Record<string, unknown>) {
  return reply({
    content: null,
    tool_calls: [{
      id: `call_${name}`,
      type: "function",
      function: { name, arguments: JSON.stringify(args) },
    }],
  });
}

/** Task model `task-m` reads the attachment, then answers what the vision model `vis` saw. */
async function withEndpoint(fn: (base: string, images: string[]) => Promise<void>) {
  const images: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = await req.json() as Body;
    if (body.model === "vis") {
      const parts = body.messages[0].content as { type: string; image_url?: { url: string } }[];
      images.push(parts.find((p) => p.type === "image_url")!.image_url!.url);
      return reply({ content: "A bar chart; the tallest bar is labelled 42 apples." });
    }
    const text = body.messages.map((m) => JSON.stringify(m.content)).join("\n");
    if (JSON.stringify(body.messages.at(-1)!.content).includes("write a short plan")) {
      return reply({ content: "Plan: read the chart." });
    }
    if (text.includes("42 apples")) return toolCall("final_answer", { answer: "42" });
    return toolCall("read_attachment", { file_name: "chart.png", query: "tallest bar" });
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/v1`, images);
  } finally {
    await server.shutdown();
  }
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function gaiaFolder(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "automem-attach-" });
  await Deno.writeFile(join(dir, "chart.png"), PNG);
  await Deno.writeTextFile(
    join(dir, "metadata.jsonl"),
    JSON.stringify({
      task_id: "img1",
      Question: "How many apples does the tallest bar show?",
      Level: 1,
      "Final answer": "42",
      file_name: "chart.png",
    }) + "\n",
  );
  return dir;
}

const env = (base: string, dir: string) => ({
  OPENAI_API_KEY: "sk-test",
  OPENAI_API_BASE: base,
  VISION_MODEL: "vis",
  AUTOMEM_CACHE_DIR: join(dir, "cache"),
  AUTOMEM_CACHE_MODE: "off",
});

Deno.test("automem run: a GAIA image attachment is read by the configured vision endpoint", async () => {
  const dir = await gaiaFolder();
  try {
    await withEndpoint(async (base, images) => {
      const io = captureIo({ cwd: dir, env: env(base, dir) });
      const code = await runCli(
        [
          "run",
          "--benchmark",
          "GAIA",
          "--infile",
          "metadata.jsonl",
          "--model",
          "task-m",
          "--skip_preflight",
          "--quiet",
          "--output_dir",
          "out",
        ],
        io,
        [runCommand],
      );
      assert.equal(code, 0, io.err.join(""));
      assert.match(io.out.join(""), /GAIA: 1\/1 correct/);
      assert.deepEqual(images, [`data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`]);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function solveWith(bench: WebBenchmark, base: string) {
  const model = createOpenAIChatModel({
    baseURL: base,
    apiKey: "sk-test",
    model: "task-m",
    maxRetries: 0,
  });
  return await bench.runWebTask(bench.tasks()[0], new CannedProvider(), {
    model,
    clock: logicalClock(),
    rng: createRng(1),
    maxSteps: 4,
  });
}

Deno.test("automem search and automem worker build toolkits whose attachments reach the vision endpoint", async () => {
  const dir = await gaiaFolder();
  try {
    await withEndpoint(async (base, images) => {
      const io = captureIo({ cwd: dir, env: env(base, dir) });
      const infile = join(dir, "metadata.jsonl");
      const search = (await searchWebServices("GAIA", {}, io))!;
      const worker = await workerServices({}, io);
      try {
        for (const services of [search.services, worker.services]) {
          const bench = await services.createBenchmark("GAIA", { infile }) as WebBenchmark;
          const record = await solveWith(bench, base);
          assert.equal(record.result.success, true, JSON.stringify(record.agent_trajectory));
        }
        assert.equal(images.length, 2);
      } finally {
        await search.close();
        await worker.close();
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
