import assert from "node:assert/strict";
import { alternating, toolExchangesAsText } from "./chat_messages.ts";
import type { ChatMessage } from "./ports.ts";

const call = { id: "c1", name: "crawl_page", arguments: '{"url":"https://a.test/"}' };

Deno.test("consecutive user or assistant messages merge; systems lead as one message", () => {
  const out = alternating([
    { role: "system", content: "S1" },
    { role: "user", content: "plan please" },
    { role: "assistant", content: "plan" },
    { role: "user", content: "observation" },
    { role: "user", content: "summarise" },
    { role: "system", content: "S2" },
  ]);
  assert.deepEqual(out, [
    { role: "system", content: "S1\n\nS2" },
    { role: "user", content: "plan please" },
    { role: "assistant", content: "plan" },
    { role: "user", content: "observation\n\nsummarise" },
  ]);
});

Deno.test("tool messages are never merged and assistant tool calls are kept", () => {
  const msgs: ChatMessage[] = [
    { role: "user", content: "go" },
    { role: "assistant", content: "", toolCalls: [call, { ...call, id: "c2" }] },
    { role: "tool", toolCallId: "c1", content: "page one" },
    { role: "tool", toolCallId: "c2", content: "page two" },
    { role: "user", content: "memory hint" },
  ];
  assert.deepEqual(alternating(msgs), msgs);
});

Deno.test("without tools on offer, a tool exchange becomes text that alternates", () => {
  const out = alternating(toolExchangesAsText([
    { role: "user", content: "go" },
    { role: "assistant", content: "reading", toolCalls: [call] },
    { role: "tool", toolCallId: "c1", content: "page one" },
    { role: "user", content: "summarise" },
  ]));
  assert.deepEqual(out.map((m) => m.role), ["user", "assistant", "user"]);
  assert.match(out[1].content, /reading\n\nTool call: crawl_page\(\{"url"/);
  assert.equal(out[2].content, "Result of crawl_page:\npage one\n\nsummarise");
});
