/**
 * Condensing a long page to what the agent asked about. With a task model the model copies out
 * the relevant passages (prompt `crawl_condense.md`); without one, or when the model call fails,
 * a deterministic extractive condenser keeps the blocks that share the most (idf-weighted) terms
 * with the query, in page order, within the character budget.
 *
 * @module
 */
import type { ChatModel } from "../../core/ports.ts";
import { renderPrompt } from "../../retrieval/render_prompt.ts";
import { tokenize } from "../../stores/tokenize.ts";
import template from "../../prompts/crawl_condense.md" with { type: "text" };
import { bounded } from "./tool_result.ts";

/** How a page was shortened. */
export type CondenseMethod = "whole" | "model" | "extractive";

/** Options of {@linkcode condensePage}. */
export interface CondenseOptions {
  readonly query: string;
  readonly url: string;
  /** Character budget of the result. */
  readonly maxChars: number;
  readonly model?: ChatModel;
  readonly signal?: AbortSignal;
  /** Most characters of page sent to the model. */
  readonly modelInputChars?: number;
}

/** A piece of the page; a table row remembers its table's header lines. */
interface Piece {
  readonly text: string;
  readonly header?: string;
}

/**
 * Paragraphs, with long ones (tables, lists) split into lines. A long Markdown table becomes one
 * piece per row, each carrying the header and separator lines so a chosen row keeps its columns.
 */
function piecesOf(text: string, maxChars: number): Piece[] {
  const limit = Math.min(800, Math.max(120, Math.floor(maxChars / 3)));
  return text.split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b).flatMap((block): Piece[] => {
    if (block.length <= limit) return [{ text: block }];
    const lines = block.split("\n").map((l) => l.trim()).filter((l) => l);
    const isTable = lines.length > 2 && lines.every((l) => l.startsWith("|")) &&
      /^\|[\s:|-]+\|$/.test(lines[1]);
    if (!isTable) return lines.map((l) => ({ text: l }));
    const header = `${lines[0]}\n${lines[1]}`;
    return lines.slice(2).map((l) => ({ text: l, header }));
  });
}

/** The deterministic extractive condenser (see the module doc). */
export function extractiveCondense(text: string, query: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const pieces = piecesOf(text, maxChars);
  const terms = pieces.map((p) => new Set(tokenize(p.text)));
  const wanted = [...new Set(tokenize(query))];
  const idf = new Map(wanted.map((t) => {
    const df = terms.filter((set) => set.has(t)).length;
    return [t, Math.log(1 + (pieces.length + 1) / (df + 0.5))];
  }));
  const scores = pieces.map((_, i) =>
    wanted.reduce((sum, t) => sum + (terms[i].has(t) ? idf.get(t)! : 0), 0)
  );
  // The first piece (title, lead) orients the reader; it wins ties with everything else.
  const bonus = (i: number) => i === 0 ? 1e-9 : 0;
  const order = pieces.map((_, i) => i).sort((a, b) =>
    (scores[b] + bonus(b)) - (scores[a] + bonus(a)) || a - b
  );
  const chosen = new Set<number>();
  const headers = new Set<string>();
  let used = 0;
  // With any match, only matching pieces (and the lead) are kept; with none, the page's start.
  const anyMatch = scores.some((s) => s > 0);
  for (const i of order) {
    if (anyMatch && i !== 0 && scores[i] === 0) continue;
    const header = pieces[i].header;
    const cost = pieces[i].text.length + 2 +
      (header && !headers.has(header) ? header.length + 1 : 0);
    if (used + cost > maxChars) continue;
    chosen.add(i);
    if (header) headers.add(header);
    used += cost;
  }
  const parts: string[] = [];
  const emitted = new Set<string>();
  let last = -1;
  for (let i = 0; i < pieces.length; i++) {
    if (!chosen.has(i)) continue;
    const { text: piece, header } = pieces[i];
    if (last !== -1 && i !== last + 1) parts.push("[...]");
    if (header && !emitted.has(header)) {
      emitted.add(header);
      parts.push(`${header}\n${piece}`);
    } else if (header && last === i - 1 && pieces[last].header === header) {
      parts[parts.length - 1] += `\n${piece}`;
    } else parts.push(piece);
    last = i;
  }
  if (parts.length === 0) return bounded(text, maxChars);
  return parts.join("\n\n");
}

/** `text` shortened to about `maxChars` for `query`, and how. Short pages come back whole. */
export async function condensePage(
  text: string,
  options: CondenseOptions,
): Promise<{ text: string; method: CondenseMethod }> {
  if (text.length <= options.maxChars) return { text, method: "whole" };
  if (options.model) {
    try {
      const prompt = renderPrompt(template, {
        query: options.query || "(no query: summarise the main facts)",
        url: options.url,
        content: bounded(text, options.modelInputChars ?? 40_000),
      });
      const reply = await options.model.chat({
        messages: [{ role: "user", content: prompt }],
        maxTokens: Math.ceil(options.maxChars / 3),
        temperature: 0,
        purpose: "crawl_condense",
        signal: options.signal,
      });
      const condensed = reply.text.trim();
      if (condensed) return { text: bounded(condensed, options.maxChars), method: "model" };
    } catch {
      // A failed condensing call must not lose the page: fall back to the extractive condenser.
    }
  }
  return { text: extractiveCondense(text, options.query, options.maxChars), method: "extractive" };
}
