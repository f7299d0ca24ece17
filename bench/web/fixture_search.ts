/**
 * The fixture web's search engine: BM25 over the plain text of every page (PDFs included),
 * answering in SearXNG's JSON shape so the real SearXNG provider of `web_search` is what talks to
 * it. Snippets are the page lines that share the most terms with the query.
 *
 * @module
 */
import { KeywordIndex } from "../../stores/keyword_index.ts";
import { tokenize } from "../../stores/tokenize.ts";
import type { FixturePage } from "./fixture_markup.ts";
import type { SearxngResponse } from "./search_schemas.ts";

/** Results per SearXNG page. */
export const FIXTURE_PAGE_SIZE = 10;
const SNIPPET_CHARS = 240;

function snippetOf(text: string, query: string): string {
  const wanted = new Set(tokenize(query));
  let best = "";
  let bestHits = -1;
  for (const line of text.split("\n")) {
    const hits = new Set(tokenize(line).filter((t) => wanted.has(t))).size;
    if (hits > bestHits) {
      best = line;
      bestHits = hits;
    }
  }
  return best.length > SNIPPET_CHARS ? `${best.slice(0, SNIPPET_CHARS - 1)}…` : best;
}

/** A BM25 index over fixture pages. */
export class FixtureSearch {
  readonly #index = new KeywordIndex<FixturePage>();
  readonly #pages: Map<string, FixturePage>;

  /** Indexes `pages` (title and text). */
  constructor(pages: readonly FixturePage[]) {
    this.#pages = new Map(pages.map((p) => [p.path, p]));
    for (const page of pages) this.#index.set(page.path, `${page.title}\n${page.text}`, page);
  }

  /**
   * SearXNG-shaped results for `query`, page `pageno` (1-based), with URLs absolute against
   * `baseUrl`. Ties keep the index's order (score, then path), so answers are deterministic.
   */
  search(query: string, baseUrl: string, pageno = 1): SearxngResponse {
    const all = this.#index.search(query, this.#pages.size);
    const start = (Math.max(1, Math.floor(pageno)) - 1) * FIXTURE_PAGE_SIZE;
    const results = all.slice(start, start + FIXTURE_PAGE_SIZE).map(({ id, score }) => {
      const page = this.#pages.get(id)!;
      return {
        url: new URL(page.path, baseUrl).href,
        title: page.title,
        content: snippetOf(page.text, query),
        engine: "fixture",
        engines: ["fixture"],
        score: Math.round(score * 1e6) / 1e6,
        category: page.contentType.startsWith("application/pdf") ? "files" : "general",
      };
    });
    return {
      query,
      number_of_results: all.length,
      results,
      answers: [],
      suggestions: [],
      infoboxes: [],
    };
  }
}
