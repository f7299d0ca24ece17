/**
 * Writes the fixture web's tasks as GAIA, WebWalkerQA and xBench-DeepSearch files (xBench rows
 * encrypted the real way) into DIR, for a fixture web served on 127.0.0.1:PORT
 * (`automem run ... --fixture_web --fixture_port PORT`).
 *
 * Usage: deno run -A scripts/write_fixture_tasks.ts DIR [PORT]   (PORT default 38117)
 *
 * @module
 */
import { writeFixtureTaskFiles } from "../bench/web_bench/fixture_files.ts";

const [dir, port = "38117"] = Deno.args;
if (!dir || !/^\d+$/.test(port)) {
  console.error("usage: deno run -A scripts/write_fixture_tasks.ts DIR [PORT]");
  Deno.exit(2);
}
const files = await writeFixtureTaskFiles(dir, `http://127.0.0.1:${port}/`);
console.log(JSON.stringify(files, null, 2));
