/**
 * 16 BALROG-shaped clients play at once against `automem scaffold serve` (a real process) whose
 * upstream model is a fake OpenAI server on 127.0.0.1. The requests are shaped like BALROG's
 * OpenAI client with its naive agent and history prompt builder: the NetHack instruction
 * (4,051 characters) as the first user message, a sliding window of 16 observations as
 * `Observation:` user messages and the replies as assistant messages, content as arrays of text
 * parts, the current observation (inventory first) with the naive agent's output rule appended,
 * no session id, `temperature` and `max_tokens` as BALROG sends them. The fake model answers the
 * direction written in the observation it is shown, so a reply that depends on another client's
 * observation, or on none, is caught.
 */
import assert from "node:assert/strict";
import { NETHACK_ACTION_NAMES, NETHACK_ACTIONS } from "../bench/games/nethack/nethack_actions.ts";

const CLIENTS = 16;
const STEPS = 20;
const WINDOW = 16;
const DIRS = ["north", "east", "south", "west", "northeast", "southeast", "southwest", "northwest"];
const NAIVE_RULE = "You always have to output one of the above actions at a time and no other " +
  "text. You always have to output an action until the episode terminates.";

/** BALROG's NetHack instruction layout (action list, tips) at its real length, 4,051 chars. */
function instruction(): string {
  const actions = NETHACK_ACTION_NAMES.map((a) => `${a}: ${NETHACK_ACTIONS[a].description}`)
    .join(",\n");
  const head = "You are an agent playing NetHack. The following are the possible actions you " +
    "can take in the game, followed by a short description of each action:\n\n" + actions +
    ".\n\nTips:\n";
  const tips = [
    "- A question on the message line is answered with the letter of an item or a direction.",
    "- When the message ends with --More--, the next action is 'more'.",
    "- Find the stairs down and descend; walls stop a run, so turn when you hit one.",
    "- Read the message, the language observation and the map before each action.",
    "- Attack a monster by moving into it.",
  ].join("\n");
  const tail = "\n\nIn a moment the history of observations and actions follows.\nPLAY!";
  const text = head + tips + tail;
  assert.ok(text.length <= 4051, `instruction fixture is ${text.length} chars`);
  return head + tips + "\n" + "- Keep exploring.".padEnd(4051 - text.length - 1, ".") + tail;
}

const dirOf = (client: number, step: number) => DIRS[(client * 5 + step * 3) % DIRS.length];

/** One hybrid NetHack observation (long-term part), distinct per client and step. */
function observation(client: number, step: number): string {
  const x = 10 + client * 4, y = 2 + (step % 15);
  const rows = Array.from({ length: 21 }, (_, r) => {
    const row = Array(80).fill(" ");
    if (r >= 1 && r <= 17) { for (let c = x - 3; c <= x + 3; c++) row[c] = "."; }
    if (r === y) row[x] = "@";
    return row.join("");
  });
  rows.push(
    `Agent the Stripling      St:17 Dx:13 Co:18 In:7 Wi:10 Ch:7 Neutral`.padEnd(80),
    `Dlvl:1 $:${client} HP:16(16) Pw:2(2) AC:6 Xp:1/0 T:${step + 1}`.padEnd(80),
  );
  return [
    `message:\nclient ${client} step ${step}: a passage opens to the ${dirOf(client, step)}.\n`,
    `language observation:\nfloor near east\nwall far west\n`,
    `cursor:\nYourself a valkyrie\n(x=${x}, y=${y + 1})\n`,
    `map:\n${rows.join("\n")}\n`,
  ].join("\n");
}

type Event = { obs: string } | { action: string };

/** The messages BALROG's client sends for the events so far (the last event an observation). */
function request(instructionText: string, events: readonly Event[]) {
  const text = (t: string) => [{ type: "text", text: t }];
  const messages = [{ role: "user", content: text(instructionText) }];
  events.forEach((e, i) => {
    if ("action" in e) messages.push({ role: "assistant", content: text(e.action) });
    else if (i < events.length - 1) {
      messages.push({ role: "user", content: text(`Observation:\n${e.obs}`) });
    } else {
      const current =
        `Current Observation:\ninventory:\na - a long sword (weapon in hand)\n\n${e.obs}`;
      messages.push({ role: "user", content: text(`${current}\n\n${NAIVE_RULE}`) });
    }
  });
  return { model: "automem-nethack", messages, max_tokens: 8192, temperature: null };
}

/** The fake upstream model: answers the direction of the observation in its prompt. */
function fakeUpstream(mismatches: string[]) {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const body = await req.json();
    const prompt: string = body.messages[0].content;
    const seen = prompt.match(/client (\d+) step (\d+): a passage opens to the (\w+)\./);
    let content = "<|DONE|>";
    if (!seen) mismatches.push("a prompt without its observation");
    else if (prompt.startsWith("You are the MEMORY")) {
      const [c, s] = [Number(seen[1]), Number(seen[2])];
      const prev = prompt.match(/^Previous action: (.+)$/m)?.[1];
      if (prev !== dirOf(c, s - 1)) mismatches.push(`client ${c} step ${s}: LOG saw ${prev}`);
    } else content = `<|ACTION|>${seen[3]}<|END|>`;
    return Response.json({
      id: "x",
      object: "chat.completion",
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
}

async function startServe(upstream: string, dir: string) {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const scaffold = `${dir}/nethack_v0.json`;
  const v0 = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", main, "scaffold", "v0", "--env", "nethack"],
  }).output();
  await Deno.writeFile(scaffold, v0.stdout);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      main,
      "scaffold",
      "serve",
      "--scaffold",
      scaffold,
      "--port",
      "0",
    ],
    env: { TASK_API_KEY: "test-key", TASK_API_BASE: upstream, DEFAULT_MODEL: "fake" },
    cwd: dir,
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let err = "";
  while (!/endpoint at (\S+)/.test(err)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`scaffold serve ended: ${err}`);
    err += value;
  }
  // Keep draining stderr so the server never blocks on a full pipe.
  (async () => {
    while (!(await reader.read()).done);
  })();
  return { child, url: err.match(/endpoint at (\S+)/)![1] };
}

Deno.test("16 concurrent BALROG-shaped clients without session ids each get replies from their own observation", async () => {
  const mismatches: string[] = [];
  const upstream = fakeUpstream(mismatches);
  const dir = await Deno.makeTempDir();
  const { child, url } = await startServe(`http://127.0.0.1:${upstream.addr.port}/v1`, dir);
  try {
    const text = instruction();
    assert.equal(text.length, 4051);
    const play = async (client: number) => {
      const events: Event[] = [];
      const out: { action: string; session: string; step: number; fresh: boolean }[] = [];
      for (let step = 0; step < STEPS; step++) {
        events.push({ obs: observation(client, step) });
        // BALROG keeps the last 16 observations and the actions between them.
        while (events.length > 2 * WINDOW) events.shift();
        const res = await fetch(`${url}/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Bearer EMPTY" },
          body: JSON.stringify(request(text, events)),
        });
        const body = await res.json();
        assert.equal(res.status, 200, JSON.stringify(body));
        const action = body.choices[0].message.content;
        out.push({
          action,
          session: body.automem.session,
          step: body.automem.step,
          fresh: body.automem.new_episode,
        });
        events.push({ action });
      }
      return out;
    };
    const runs = await Promise.all(Array.from({ length: CLIENTS }, (_, c) => play(c)));
    assert.deepEqual(mismatches, []);
    let differing = 0;
    runs.forEach((run, c) => {
      run.forEach((r, s) => {
        assert.equal(r.action, dirOf(c, s), `client ${c} step ${s}`);
        assert.equal(r.step, s, `client ${c} step ${s}: episode step`);
        assert.equal(r.fresh, s === 0);
        assert.equal(r.session, run[0].session);
        if (s > 0 && r.action !== run[s - 1].action) differing++;
      });
    });
    assert.equal(new Set(runs.map((r) => r[0].session)).size, CLIENTS);
    // The replies follow the observations: most steps change the direction.
    assert.ok(differing >= CLIENTS * (STEPS - 1) * 0.5, `only ${differing} replies changed`);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await upstream.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
