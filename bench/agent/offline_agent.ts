/**
 * The offline research agent: a {@linkcode ChatModel} that plays the research loop without any
 * endpoint, so runs and searches work end to end with no key. Its navigation is real — it
 * searches, follows the links it read, and prefers pages its memory guidance names — while its
 * reading is scripted: it is told the facts that answer its task (the fixture tasks ship them)
 * and answers once every fact has appeared in what it read. A remembered page therefore saves
 * the search and the hops that led there; under a tight step budget, memory decides whether a
 * task is solved.
 *
 * Remembered URLs are rebased onto `origin` (the fixture web's current address), since a fixture
 * web started later listens on another port.
 *
 * @module
 */
import type { ChatModel, ChatRequest, ChatResult } from "../../core/ports.ts";
import { estimateTokens } from "../../core/usage.ts";
import { parseJsonReply } from "../../core/json_extract.ts";
import { FINAL_ANSWER } from "./actions.ts";
import { type ReaderState, readState, type SeenLink, stateLine, stems } from "./offline_reader.ts";

/** What the offline agent knows about its task. */
export interface OfflineKnowledge {
  /** Strings whose presence in read pages means the answer is established. */
  facts: readonly string[];
  /** The answer it gives once every fact was read. */
  answer: string;
  /** Its first search query (default: the question's words). */
  query?: string;
  /** Address of the site remembered URLs are rebased onto. */
  origin?: string;
}

const STOP = new Set(
  "the and was what which how many did that this from with for who whose into year its were has have does the of in on at to by as is a an"
    .split(" "),
);

function rebase(url: string, origin: string | undefined): string {
  if (!origin) return url;
  try {
    const u = new URL(url);
    const o = new URL(origin);
    return u.hostname === "127.0.0.1" || u.hostname === "localhost"
      ? new URL(u.pathname, o).href
      : url;
  } catch {
    return url;
  }
}

function pathWords(url: string): string {
  try {
    return new URL(url).pathname.replace(/[-_/.]/g, " ");
  } catch {
    return url;
  }
}

// A remembered link is judged by its address alone: the guidance around it describes another task.
function score(link: SeenLink, wanted: Set<string>): number {
  const own = new Set(
    stems(link.remembered ? pathWords(link.url) : `${link.text} ${pathWords(link.url)}`),
  );
  let s = 0;
  for (const w of own) if (wanted.has(w)) s++;
  return s;
}

/** The next action for `state`: final answer, a remembered page, a search or the best link. */
export function nextAction(
  state: ReaderState,
  k: OfflineKnowledge,
): { think: string; name: string; arguments: Record<string, unknown> } {
  const missing = k.facts.filter((f) => !state.found.includes(f));
  if (missing.length === 0) {
    return {
      think: "every fact is established",
      name: FINAL_ANSWER,
      arguments: { answer: k.answer },
    };
  }
  // Words of facts already read stop attracting (their pages are done); words the reading
  // brought in (a name, a place) lead to the next hop.
  const question = stems(state.question).filter((w) => !STOP.has(w));
  const read = new Set(stems(state.found.join(" ")));
  const wanted = new Set([
    ...question.filter((w) => !read.has(w)),
    ...[...read].filter((w) => !question.includes(w) && !STOP.has(w)),
  ]);
  const known = `${state.question} ${state.found.join(" ")}`;
  const visited = new Set(state.visited.map((u) => rebase(u, k.origin)));
  const open = state.links
    .map((l) => ({ ...l, url: l.remembered ? rebase(l.url, k.origin) : l.url }))
    .filter((l) => !visited.has(l.url))
    .map((l) => ({ l, s: score(l, wanted) }))
    .filter((x) => x.s >= 1)
    // Walk on from the page just read, then remembered pages, then the rest.
    .map((x) => ({
      ...x,
      s: x.s + (x.l.read > 0 && x.l.read === state.reads ? 2 : 0) + (x.l.remembered ? 0.5 : 0),
    }))
    .sort((a, b) => b.s - a.s);
  const crawl = (l: SeenLink, why: string) => ({
    think: why,
    name: "crawl_page",
    arguments: { url: l.url, query: known },
  });
  const remembered = open.find((x) => x.l.remembered);
  if (remembered) return crawl(remembered.l, "memory names a page that fits");
  const first = k.query ?? question.slice(0, 8).join(" ");
  if (!state.queries.includes(first)) {
    return { think: "search the site", name: "web_search", arguments: { query: first } };
  }
  if (open.length) return crawl(open[0].l, "follow the most relevant link");
  const next = state.found.map((f) => `${first} ${f}`).find((q) => !state.queries.includes(q));
  if (next) {
    return {
      think: "search again with what was read",
      name: "web_search",
      arguments: { query: next },
    };
  }
  return { think: "nothing left to try", name: FINAL_ANSWER, arguments: { answer: "unknown" } };
}

/** Builds the offline agent for one task. */
export function offlineResearchModel(k: OfflineKnowledge): ChatModel {
  return {
    id: "offline-agent",
    chat<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
      const state = readState(request.messages, k.facts);
      let text: string;
      switch (request.purpose) {
        case "agent_plan":
          text = "Plan: search the site for the question's key terms, read the best pages, " +
            "follow their links, and prefer pages that memory names.";
          break;
        case "agent_summary":
          text = `Read ${state.visited.length} pages and ran ${state.queries.length} searches; ` +
            `${state.found.length} of ${k.facts.length} facts established.\n${stateLine(state)}`;
          break;
        case "agent_final": {
          const done = state.found.length === k.facts.length;
          text = JSON.stringify({ answer: done ? k.answer : "unknown" });
          break;
        }
        default: {
          const a = nextAction(state, k);
          text = JSON.stringify({
            think: a.think,
            tools: [{ name: a.name, arguments: a.arguments }],
          });
        }
      }
      const result: ChatResult<T> = {
        text,
        usage: {
          promptTokens: request.messages.reduce((n, m) => n + estimateTokens(m.content), 0),
          completionTokens: estimateTokens(text),
        },
        model: "offline-agent",
        cached: false,
      };
      if (request.schema) {
        const parsed = parseJsonReply(text, request.schema);
        if (parsed.ok) result.json = parsed.value;
      }
      return Promise.resolve(result);
    },
  };
}
