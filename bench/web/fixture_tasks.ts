/**
 * Questions about the fixture web with gold answers. Each needs search plus link following;
 * some need the PDF annual reports, some the ferry table, some several hops or a little
 * arithmetic. The benchmark loaders turn them into GAIA-, WebWalkerQA- and xBench-shaped files;
 * `evidencePaths`, `facts` and `searchQuery` let tests (and the offline scripted agent) check
 * that every task is answerable from the pages alone.
 *
 * @module
 */

/** What a task exercises. */
export type FixtureSkill = "search" | "links" | "pdf" | "table" | "multi_hop" | "arithmetic";

/** One fixture question. */
export interface FixtureTask {
  /** Stable id (`fx-...`). */
  readonly id: string;
  readonly question: string;
  /** Gold answer in GAIA's style: a bare number, a short string or a comma list. */
  readonly answer: string;
  /** GAIA-style level: 1 one or two hops, 2 several hops or a table, 3 PDFs plus reasoning. */
  readonly level: 1 | 2 | 3;
  /** WebWalkerQA-style difficulty. */
  readonly difficulty: "easy" | "medium" | "hard";
  /** WebWalkerQA-style source type: is the answer on one page or spread over several? */
  readonly sourceType: "single_source" | "multi_source";
  readonly skills: readonly FixtureSkill[];
  /** Where a walker starts (WebWalkerQA `root_url`), a path on the fixture web. */
  readonly rootPath: string;
  /** The pages that hold the facts, in the order a solver meets them. */
  readonly evidencePaths: readonly string[];
  /** Strings that must appear in the evidence pages' text (checked by a test). */
  readonly facts: readonly string[];
  /** A search query whose top three hits include the first evidence page. */
  readonly searchQuery: string;
  /** Path of a page a GAIA-shaped file may ship as the task's attachment, if any. */
  readonly attachmentPath?: string;
}

/** The fixture questions. */
export const FIXTURE_TASKS: readonly FixtureTask[] = [
  {
    id: "fx-corrow-built",
    question: "In what year was the lighthouse on the island whose main village is Saltby " +
      "first lit?",
    answer: "1874",
    level: 1,
    difficulty: "easy",
    sourceType: "multi_source",
    skills: ["search", "links"],
    rootPath: "/",
    evidencePaths: ["/islands/corrow.html", "/lighthouses/corrow-head.html"],
    facts: ["Main village: Saltby", "first lit in 1874"],
    searchQuery: "Saltby main village island",
  },
  {
    id: "fx-designer-birthplace",
    question: "Marit Solberg was the first keeper of a lighthouse. In which village was the " +
      "engineer who designed that lighthouse born?",
    answer: "Eskport",
    level: 2,
    difficulty: "medium",
    sourceType: "multi_source",
    skills: ["search", "links", "multi_hop"],
    rootPath: "/",
    evidencePaths: [
      "/people/marit-solberg.html",
      "/lighthouses/corrow-head.html",
      "/people/ottilie-harkness.html",
    ],
    facts: ["Corrow Head Light", "Designed by: Ottilie Harkness", "born in Eskport"],
    searchQuery: "Marit Solberg keeper",
  },
  {
    id: "fx-westerly-crossing",
    question: "How many minutes does the ferry crossing from Eskport to Westerly take?",
    answer: "40",
    level: 1,
    difficulty: "easy",
    sourceType: "single_source",
    skills: ["search", "table"],
    rootPath: "/",
    evidencePaths: ["/ferries/timetable.html"],
    facts: ["Eskport | Westerly | MV Skarv | 09:30, 14:10 | 40 | Monday to Saturday"],
    searchQuery: "ferry timetable Eskport Westerly",
  },
  {
    id: "fx-mossgate-capacity",
    question: "What is the passenger capacity of the ferry that sails from Tollhaven to " +
      "Mossgate?",
    answer: "45",
    level: 2,
    difficulty: "medium",
    sourceType: "multi_source",
    skills: ["search", "table", "links"],
    rootPath: "/",
    evidencePaths: ["/ferries/timetable.html", "/ferries/vessels/lunde.html"],
    facts: ["Tollhaven | Mossgate | MV Lunde", "Passenger capacity: 45"],
    searchQuery: "ferry Tollhaven Mossgate",
  },
  {
    id: "fx-fennick-visitors-2023",
    question: "According to the Halvard Heritage Trust's annual report for 2023, how many " +
      "visitors did Fennick Spit Light have that year?",
    answer: "9356",
    level: 2,
    difficulty: "medium",
    sourceType: "single_source",
    skills: ["search", "pdf"],
    rootPath: "/",
    evidencePaths: ["/reports/annual-report-2023.pdf"],
    facts: ["Fennick Spit Light: 9,356 visitors"],
    searchQuery: "annual report 2023 visitors Fennick Spit Light",
    attachmentPath: "/reports/annual-report-2023.pdf",
  },
  {
    id: "fx-edda-restoration",
    question: "A storm in November 2022 shattered the lantern glazing of one of the " +
      "archipelago's lighthouses. What did the full restoration of that lighthouse's lantern " +
      "room cost, in halvard crowns?",
    answer: "412000",
    level: 3,
    difficulty: "hard",
    sourceType: "multi_source",
    skills: ["search", "links", "pdf", "multi_hop"],
    rootPath: "/",
    evidencePaths: ["/news/storm-edda.html", "/reports/annual-report-2023.pdf"],
    facts: ["lantern glazing of Dunsel Rock Light was shattered", "412,000 HC"],
    searchQuery: "storm lantern glazing shattered",
  },
  {
    id: "fx-eskholm-growth",
    question: "By how many visitors did Eskholm Harbour Light's yearly visitor count grow from " +
      "2022 to 2023, according to the Heritage Trust's annual reports?",
    answer: "1930",
    level: 3,
    difficulty: "hard",
    sourceType: "multi_source",
    skills: ["search", "pdf", "arithmetic"],
    rootPath: "/",
    evidencePaths: ["/reports/annual-report-2022.pdf", "/reports/annual-report-2023.pdf"],
    facts: ["Eskholm Harbour Light: 22,940 visitors", "Eskholm Harbour Light: 24,870 visitors"],
    searchQuery: "annual report 2022 Eskholm Harbour Light visitors",
    attachmentPath: "/reports/annual-report-2022.pdf",
  },
  {
    id: "fx-vey-death",
    question: "In which year did the keeper who served at both Brenmark Point Light and Fennick " +
      "Spit Light die?",
    answer: "1911",
    level: 2,
    difficulty: "medium",
    sourceType: "multi_source",
    skills: ["search", "links", "multi_hop"],
    rootPath: "/",
    evidencePaths: ["/lighthouses/brenmark-point.html", "/people/jonas-vey.html"],
    facts: ["First keeper: Jonas Vey", "Jonas Vey (1835-1911)"],
    searchQuery: "Brenmark Point Light keeper",
  },
  {
    id: "fx-tollhaven-arrival",
    question: "If you take the earliest ferry of the day from Eskport to Tollhaven, at what " +
      "time do you arrive? Answer as HH:MM on the 24-hour clock.",
    answer: "08:10",
    level: 2,
    difficulty: "medium",
    sourceType: "single_source",
    skills: ["search", "table", "arithmetic"],
    rootPath: "/",
    evidencePaths: ["/ferries/timetable.html"],
    facts: ["Eskport | Tollhaven | MV Skarv | 07:15, 12:40, 17:05 | 55 | Daily"],
    searchQuery: "ferry timetable Eskport Tollhaven departures",
  },
  {
    id: "fx-tallest-harkness",
    question: "What is the height, in metres, of the tallest lighthouse designed by Ottilie " +
      "Harkness?",
    answer: "31",
    level: 2,
    difficulty: "medium",
    sourceType: "multi_source",
    skills: ["search", "links", "multi_hop"],
    rootPath: "/",
    evidencePaths: [
      "/people/ottilie-harkness.html",
      "/lighthouses/brenmark-point.html",
      "/lighthouses/corrow-head.html",
    ],
    facts: ["Brenmark Point Light", "Corrow Head Light", "Height of tower: 31 m"],
    searchQuery: "Ottilie Harkness engineer lights designed",
  },
  {
    id: "fx-museum-lens",
    question: "The archipelago's maritime museum opened in 1974. Which lighthouse's original " +
      "lens does it display?",
    answer: "Eskholm Harbour Light",
    level: 1,
    difficulty: "easy",
    sourceType: "single_source",
    skills: ["search"],
    rootPath: "/",
    evidencePaths: ["/museum.html"],
    facts: ["opened in 1974", "original lens of Eskholm Harbour Light"],
    searchQuery: "maritime museum opened 1974 lens",
  },
  {
    id: "fx-dunsel-ferry-days",
    question: "On which days of the week does the ferry to the main village of Dunsel sail?",
    answer: "Tuesday and Friday",
    level: 2,
    difficulty: "medium",
    sourceType: "multi_source",
    skills: ["search", "links", "table"],
    rootPath: "/",
    evidencePaths: ["/islands/dunsel.html", "/ferries/timetable.html"],
    facts: ["Main village: Mossgate", "Tollhaven | Mossgate | MV Lunde | 10:20 | 35 | Tuesday"],
    searchQuery: "Dunsel island main village",
  },
  {
    id: "fx-festival-crowd",
    question: "How many visitors did the Lantern Festival on Corrow draw in 2023?",
    answer: "2300",
    level: 1,
    difficulty: "easy",
    sourceType: "single_source",
    skills: ["search"],
    rootPath: "/",
    evidencePaths: ["/news/lantern-festival-2023.html"],
    facts: ["drew 2,300 visitors"],
    searchQuery: "Lantern Festival visitors",
  },
  {
    id: "fx-rudd-teacher",
    question: "Tomas Rudd was apprenticed to an engineer. How many of the archipelago's " +
      "lighthouses did that engineer design?",
    answer: "2",
    level: 2,
    difficulty: "medium",
    sourceType: "multi_source",
    skills: ["search", "links", "multi_hop"],
    rootPath: "/",
    evidencePaths: ["/people/tomas-rudd.html", "/people/ottilie-harkness.html"],
    facts: ["Apprenticed to Ottilie Harkness", "Brenmark Point Light", "Corrow Head Light"],
    searchQuery: "Tomas Rudd apprenticed",
  },
];

/** The absolute URL of a fixture path on a running fixture web at `baseUrl`. */
export function fixtureUrl(baseUrl: string, path: string): string {
  return new URL(path, baseUrl).href;
}
