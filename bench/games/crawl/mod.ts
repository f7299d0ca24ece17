/**
 * Dungeon Crawl Stone Soup 0.28 (Debian `crawl`) as a seeded game environment: launch recipe,
 * compiled-data template, actions, screen parsing and automem's progression measure.
 *
 * @module
 */
export * from "./crawl_actions.ts";
export * from "./crawl_env.ts";
export * from "./crawl_launch.ts";
export * from "./crawl_progression.ts";
export * from "./crawl_screen.ts";
export * from "./crawl_template.ts";
