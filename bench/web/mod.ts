/**
 * The research agent's web: the tool port, the fixture web (a static site about an invented
 * archipelago with a SearXNG-shaped search API, served on 127.0.0.1) and its tasks, and the tools
 * (safe fetch, `web_search`, `crawl_page`, attachments, computation).
 *
 * @module
 */
export * from "./tool_port.ts";
export * from "./fixture_content.ts";
export * from "./fixture_markup.ts";
export * from "./fixture_search.ts";
export * from "./fixture_tasks.ts";
export * from "./fixture_web.ts";
export * from "./search_schemas.ts";
export * from "./dns_port.ts";
export * from "./ip_policy.ts";
export * from "./safe_fetch.ts";
export * from "./web_error.ts";
export * from "./search_providers.ts";
export * from "./tool_result.ts";
export * from "./web_cache.ts";
export * from "./web_search_tool.ts";
export * from "./condense.ts";
export * from "./crawl_tool.ts";
export * from "./html_reader.ts";
export * from "./markdown.ts";
export * from "./page_reader.ts";
export * from "./pdf_text.ts";
export * from "./pdf_writer.ts";
export * from "./attachment_path.ts";
export * from "./attachment_reader.ts";
export * from "./attachment_tool.ts";
export * from "./csv_reader.ts";
export * from "./docx_reader.ts";
export * from "./table_text.ts";
export * from "./xlsx_reader.ts";
export * from "./zip_reader.ts";
export * from "./compute_tool.ts";
export * from "./js_sandbox.ts";
export * from "./tool_set.ts";
export * from "./media_describer.ts";
export * from "./web_toolkit.ts";
