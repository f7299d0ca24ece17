/**
 * What the offline research agent reads from its own conversation: the question, the memory
 * guidance, which URLs it crawled and queries it searched, the links it has seen (with the text
 * around them) and which target facts the observations contain. Its summaries carry a `STATE`
 * line so nothing is forgotten when the loop replaces the history by the summary.
 *
 * @module
 */
import type { ChatMessage } from "../../core/ports.ts";

/** One link the agent could follow. */
export interface SeenLink {
  url: string;
  text: string;
  /** True when the link came from memory guidance. */
  remembered: boolean;
  /** Number of the page read it was found on (0: search results or memory). */
  read: number;
}

/** The agent's state, rebuilt from the messages on every call. */
export interface ReaderState {
  question: string;
  visited: string[];
  queries: string[];
  found: string[];
  links: SeenLink[];
  /** Number of pages read so far (the last read's links carry this number). */
  reads: number;
}

const URL_RE = /https?:\/\/[^\s)\]"'<>|,]+/g;
const STATE_PREFIX = "STATE ";

/** Lower-case words of three letters or more, without digit-grouping commas. */
export function words(text: string): string[] {
  return text.toLowerCase().replace(/(\d),(\d)/g, "$1$2").split(/[^\p{L}\p{N}:]+/u)
    .filter((w) => w.length >= 3);
}

/** {@linkcode words} with a plural `s` removed, for matching link text against a question. */
export function stems(text: string): string[] {
  return words(text).map((w) =>
    w.length > 4 && w.endsWith("ies")
      ? `${w.slice(0, -3)}y`
      : w.length > 4 && w.endsWith("s") && !w.endsWith("ss")
      ? w.slice(0, -1)
      : w
  );
}

/** Is `fact` in `text`, ignoring case, punctuation and spacing? */
export function containsFact(text: string, fact: string): boolean {
  // Link targets are not part of what a page says (`[MV Skarv](http://…)` reads "MV Skarv").
  const norm = (s: string) => words(s.replace(/\]\([^)]*\)/g, "]").replace(URL_RE, " ")).join(" ");
  return ` ${norm(text)} `.includes(` ${norm(fact)} `);
}

function linksIn(text: string, remembered: boolean, read: number): SeenLink[] {
  const out: SeenLink[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    for (const m of line.matchAll(URL_RE)) {
      const url = m[0].replace(/[.;:]+$/, "");
      const above = /^\s*URL:/.test(line) ? lines[i - 1] ?? "" : "";
      const below = /^\s*URL:/.test(line) ? lines[i + 1] ?? "" : "";
      out.push({
        url,
        text: `${above} ${line.replace(m[0], " ")} ${below}`.trim(),
        remembered,
        read,
      });
    }
  });
  return out;
}

/** The state line a summary carries. */
export function stateLine(state: ReaderState): string {
  const { visited, queries, found, links, reads } = state;
  return STATE_PREFIX + JSON.stringify({ visited, queries, found, links, reads });
}

/** Rebuilds the state from the conversation; `facts` are the strings the reader looks for. */
export function readState(messages: readonly ChatMessage[], facts: readonly string[]): ReaderState {
  const state: ReaderState = {
    question: "",
    visited: [],
    queries: [],
    found: [],
    links: [],
    reads: 0,
  };
  const opening = messages.find((m) => m.role === "user")?.content ?? "";
  state.question = /Question:\n([\s\S]*?)\n/.exec(opening)?.[1]?.trim() ?? opening;
  const add = (links: SeenLink[]) => {
    for (const l of links) if (!state.links.some((x) => x.url === l.url)) state.links.push(l);
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    const text = m.content;
    const saved = text.split("\n").find((l) => l.startsWith(STATE_PREFIX));
    if (saved) {
      const s = JSON.parse(saved.slice(STATE_PREFIX.length)) as Omit<ReaderState, "question">;
      state.visited.push(...s.visited);
      state.queries.push(...s.queries);
      state.found.push(...s.found);
      state.reads = s.reads;
      add(s.links);
      continue;
    }
    if (m.role === "assistant") {
      try {
        const action = JSON.parse(text) as {
          tools?: { name: string; arguments: Record<string, unknown> }[];
        };
        for (const t of action.tools ?? []) {
          if (t.name === "crawl_page") state.visited.push(String(t.arguments.url));
          if (t.name === "web_search") state.queries.push(String(t.arguments.query));
        }
      } catch {
        // A plan or a summary: nothing to read.
      }
      continue;
    }
    const memory = text.includes("Hints from memory");
    const observations = text.includes("Observation from");
    if (!memory && !observations) continue;
    if (memory) add(linksIn(text.slice(text.indexOf("Hints from memory")), true, 0));
    if (!observations) continue;
    for (const block of text.split(/^(?=Observation from )/m)) {
      // Only what was opened and read counts as read; search snippets are leads, not sources.
      const isRead = /^Observation from (crawl_page|read_attachment):/.test(block);
      if (isRead) state.reads++;
      // Links in a page's body are its context; the trailing link list is navigation.
      const cut = block.indexOf("\nLinks on this page:");
      const body = isRead && cut >= 0 ? block.slice(0, cut) : block;
      add(linksIn(body, false, isRead ? state.reads : 0));
      if (body !== block) add(linksIn(block.slice(cut), false, 0));
      if (!isRead) continue;
      for (const f of facts) {
        if (!state.found.includes(f) && containsFact(block, f)) state.found.push(f);
      }
    }
  }
  return state;
}
