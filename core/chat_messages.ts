/**
 * Chat transcripts as strict chat templates accept them. The templates of Mistral, Gemma and
 * Llama 2 (as vLLM and TGI apply them) refuse two user or two assistant messages in a row and a
 * system message anywhere but first; OpenAI's API accepts all of these. So every request is
 * normalised before it leaves: system messages move to one leading system message, consecutive
 * user messages merge into one (their texts joined by a blank line), and so do consecutive
 * assistant messages (their tool calls kept in order). Tool messages are never merged: each
 * answers one call id, and several in a row are how parallel calls are answered.
 *
 * Native tool exchanges go to the endpoint as OpenAI tool messages only in requests that offer
 * tools; a request without tools (a summary, a judged final answer) gets them as text, since some
 * templates cannot render tool messages without tool definitions.
 *
 * @module
 */
import type { ChatMessage } from "./ports.ts";

function join(a: string, b: string): string {
  return a === "" ? b : b === "" ? a : `${a}\n\n${b}`;
}

/** `messages` with roles alternating as strict templates require (see the module doc). */
export function alternating(messages: readonly ChatMessage[]): ChatMessage[] {
  const system = messages.filter((m) => m.role === "system").map((m) => m.content);
  const out: ChatMessage[] = system.length
    ? [{ role: "system", content: system.reduce(join, "") }]
    : [];
  for (const m of messages) {
    if (m.role === "system") continue;
    const last = out.at(-1);
    if (last && last.role === m.role && m.role !== "tool") {
      const calls = [...(last.toolCalls ?? []), ...(m.toolCalls ?? [])];
      out[out.length - 1] = {
        role: m.role,
        content: join(last.content, m.content),
        ...(calls.length ? { toolCalls: calls } : {}),
      };
    } else out.push({ ...m });
  }
  return out;
}

/** `messages` with each native tool exchange written as text (assistant calls, user results). */
export function toolExchangesAsText(messages: readonly ChatMessage[]): ChatMessage[] {
  const names = new Map<string, string>();
  return messages.map((m) => {
    if (m.role === "assistant" && m.toolCalls?.length) {
      for (const c of m.toolCalls) names.set(c.id, c.name);
      const calls = m.toolCalls.map((c) => `Tool call: ${c.name}(${c.arguments})`).join("\n");
      return { role: "assistant", content: join(m.content, calls) };
    }
    if (m.role === "tool") {
      const name = names.get(m.toolCallId ?? "") ?? "a tool";
      return { role: "user", content: `Result of ${name}:\n${m.content}` };
    }
    return m;
  });
}
