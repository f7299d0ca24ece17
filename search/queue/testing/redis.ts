/**
 * Test helpers of distributed evaluation: a private `redis-server` on 127.0.0.1 (random free
 * port, temp dir, no persistence unless asked) that tests start and stop themselves, worker
 * subprocesses of this checkout, and a byte-level run-directory comparison.
 *
 * @module
 */
import { join, relative } from "node:path";
import { freePort } from "../../../core/free_port.ts";

/** Where `redis-server` is, or null when it is not installed (tests then skip). */
export function redisServerPath(): string | null {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":").concat(["/usr/bin", "/usr/sbin"])) {
    try {
      const p = join(dir, "redis-server");
      if (Deno.statSync(p).isFile) return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** A running private Redis. */
export interface TestRedis {
  port: number;
  url: string;
  dir: string;
  /** The self-signed certificate of a TLS Redis (null without TLS). */
  caFile: string | null;
  /** Sends a command through `redis-cli` and returns its output. */
  cli(...args: string[]): Promise<string>;
  /** Kills the server (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Whether this machine can run a TLS Redis for tests: `openssl` to make a self-signed
 * certificate and a `redis-server` built with TLS. Null when it can; otherwise the reason.
 */
export async function tlsRedisUnsupported(): Promise<string | null> {
  const bin = redisServerPath();
  if (!bin) return "redis-server is not installed";
  const run = async (cmd: string, args: string[]) => {
    try {
      const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
      return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    } catch {
      return null;
    }
  };
  if ((await run("openssl", ["version"])) === null) return "openssl is not installed";
  // The invalid port stops the server while it reads its configuration; a build without TLS
  // stops one line earlier, at the TLS option.
  const probe = await run(bin, ["--tls-port", "0", "--port", "not-a-port"]);
  if (probe === null || /'tls-port/.test(probe)) return "this redis-server is built without TLS";
  return null;
}

/** A self-signed certificate for `localhost` and 127.0.0.1 (files `tls.crt`, `tls.key`). */
async function selfSigned(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, "tls.crt"), key = join(dir, "tls.key");
  const out = await new Deno.Command("openssl", {
    args: [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`openssl: ${new TextDecoder().decode(out.stderr)}`);
  return { cert, key };
}

/**
 * Starts a private redis-server (`password` sets `requirepass`; `tls` serves TLS only, with a
 * self-signed certificate in `caFile`, and the URL is `rediss://…@localhost:PORT`).
 */
export async function startTestRedis(
  opts: { password?: string; tls?: boolean } = {},
): Promise<TestRedis> {
  const bin = redisServerPath();
  if (!bin) throw new Error("redis-server is not installed");
  const dir = await Deno.makeTempDir({ prefix: "automem-redis-" });
  const port = freePort();
  const tls = opts.tls ? await selfSigned(dir) : null;
  const args = [
    ...(tls
      ? [
        "--port",
        "0",
        "--tls-port",
        String(port),
        "--tls-cert-file",
        tls.cert,
        "--tls-key-file",
        tls.key,
        "--tls-auth-clients",
        "no",
      ]
      : ["--port", String(port)]),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "no",
    "--rdbcompression",
    "no",
    ...(opts.password ? ["--requirepass", opts.password] : []),
  ];
  let child: Deno.ChildProcess;
  const cliArgs = [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    ...(opts.password ? ["--no-auth-warning", "-a", opts.password] : []),
    ...(tls ? ["--tls", "--cacert", tls.cert] : []),
  ];
  const cli = async (...a: string[]) => {
    const out = await new Deno.Command("redis-cli", {
      args: [...cliArgs, ...a],
      stdout: "piped",
      stderr: "null",
    }).output();
    return new TextDecoder().decode(out.stdout);
  };
  const launch = async () => {
    child = new Deno.Command(bin, { args, stdout: "null", stderr: "null" }).spawn();
    for (let i = 0; i < 100; i++) {
      if ((await cli("ping")).includes("PONG")) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("redis-server did not start");
  };
  await launch();
  const auth = opts.password ? `:${encodeURIComponent(opts.password)}@` : "";
  return {
    port,
    url: tls ? `rediss://${auth}localhost:${port}` : `redis://${auth}127.0.0.1:${port}`,
    dir,
    caFile: tls?.cert ?? null,
    cli,
    async kill() {
      child.kill("SIGKILL");
      await child.status;
    },
    restart: launch,
    async stop() {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** A running `automem worker` subprocess. */
export interface TestWorker {
  name: string;
  child: Deno.ChildProcess;
  /** Everything it wrote to stderr so far. */
  log(): string;
  kill(signal?: Deno.Signal): Promise<void>;
}

const MAIN = new URL("../../../main.ts", import.meta.url).pathname;

/** Starts `automem worker --queue URL` as a subprocess of this checkout. */
export function startTestWorker(
  url: string,
  name: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): TestWorker {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, "worker", "--queue", url, "--name", name, ...extra],
    stdout: "null",
    stderr: "piped",
    env,
  }).spawn();
  let text = "";
  const pump = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of child.stderr) text += dec.decode(chunk);
  })();
  return {
    name,
    child,
    log: () => text,
    async kill(signal: Deno.Signal = "SIGKILL") {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
      await child.status;
      await pump.catch(() => {});
    },
  };
}

/** Every file under `root` (relative path → text), minus names in `skip`. */
export async function readTree(
  root: string,
  skip: readonly string[] = [],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      if (skip.includes(e.name)) continue;
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else out.set(relative(root, p), await Deno.readTextFile(p));
    }
  };
  await walk(root);
  return out;
}

/** Paths whose content differs between two trees (or exist in one only). */
export function treeDiff(a: Map<string, string>, b: Map<string, string>): string[] {
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.filter((k) => a.get(k) !== b.get(k));
}

/** CLI arguments of the smallest offline world search (one round, one candidate, a dry run). */
export function tinyWorldSearchArgs(out: string, name: string): string[] {
  return [
    "search",
    "--benchmark",
    "world",
    "--run_name",
    name,
    "--output_dir",
    out,
    "--max_rounds",
    "1",
    "--num_candidates",
    "1",
    "--warmup_n",
    "1",
    "--search_n",
    "2",
    "--batch_size",
    "2",
    "--validation_n",
    "1",
    "--test_n",
    "1",
    "--dry_run",
    "--quiet",
  ];
}
