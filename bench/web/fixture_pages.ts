/**
 * Builds every page of the fixture web from {@linkcode ISLANDS} and the other records: an index,
 * one page per island, lighthouse, person and vessel, the ferry timetable (an HTML table), news
 * articles, and two annual reports as PDFs whose figures appear nowhere else on the site.
 *
 * @module
 */
import {
  bySlug,
  FERRY_ROUTES,
  ISLANDS,
  LIGHTHOUSES,
  NEWS,
  PEOPLE,
  REPORTS,
  VESSELS,
} from "./fixture_content.ts";
import {
  type Block,
  type FixturePage,
  groupDigits,
  type Inline,
  type PageSource,
  renderPage,
} from "./fixture_markup.ts";
import { writeTextPdf } from "./pdf_writer.ts";

const islandHref = (slug: string) => `/islands/${slug}.html`;
const lightHref = (slug: string) => `/lighthouses/${slug}.html`;
const personHref = (slug: string) => `/people/${slug}.html`;
const vesselHref = (slug: string) => `/ferries/vessels/${slug}.html`;
const newsHref = (slug: string) => `/news/${slug}.html`;
const reportHref = (year: number) => `/reports/annual-report-${year}.pdf`;

function home(): PageSource {
  return {
    path: "/",
    title: "Halvard Heritage Portal",
    blocks: [
      {
        kind: "p",
        parts: [
          "The Halvard Archipelago is a chain of six islands with six historic lighthouses. ",
          "This portal is kept by the Halvard Heritage Trust.",
        ],
      },
      {
        kind: "ul",
        items: [
          [{ href: "/islands/", text: "The islands" }],
          [{ href: "/lighthouses/", text: "The lighthouses" }],
          [{ href: "/people/", text: "Engineers and keepers" }],
          [{ href: "/ferries/timetable.html", text: "Ferry timetable" }],
          [{ href: "/museum.html", text: "Halvard Maritime Museum" }],
          [{ href: "/reports/", text: "Annual reports of the Heritage Trust" }],
          [{ href: "/news/", text: "News" }],
        ],
      },
    ],
  };
}

function listPage(path: string, title: string, intro: string, items: Inline[][]): PageSource {
  return { path, title, blocks: [{ kind: "p", parts: [intro] }, { kind: "ul", items }] };
}

function islandPage(slug: string): PageSource {
  const island = bySlug(ISLANDS, slug);
  const light = bySlug(LIGHTHOUSES, island.lighthouse);
  const facts: Inline[][] = [
    [`Population: ${groupDigits(island.population)}`],
    [`Area: ${island.areaKm2} km²`],
    [island.village ? `Main village: ${island.village}` : "Main village: none (uninhabited)"],
    ["Lighthouse: ", { href: lightHref(light.slug), text: light.name }],
  ];
  const served = FERRY_ROUTES.some((r) => r.from === island.village || r.to === island.village);
  const blocks: Block[] = [
    { kind: "p", parts: [island.note] },
    { kind: "h2", text: "Facts" },
    { kind: "ul", items: facts },
  ];
  if (served) {
    blocks.push({
      kind: "p",
      parts: [
        `Ferries call at ${island.village}; see the `,
        { href: "/ferries/timetable.html", text: "ferry timetable" },
        ".",
      ],
    });
  }
  return { path: islandHref(slug), title: island.name, blocks };
}

function lighthousePage(slug: string): PageSource {
  const light = bySlug(LIGHTHOUSES, slug);
  const island = bySlug(ISLANDS, light.island);
  const designer = bySlug(PEOPLE, light.designer);
  const keeper: Inline[] = light.firstKeeper
    ? ["First keeper: ", {
      href: personHref(light.firstKeeper),
      text: bySlug(PEOPLE, light.firstKeeper).name,
    }]
    : ["First keeper: none, the light was never staffed"];
  return {
    path: lightHref(slug),
    title: light.name,
    blocks: [
      {
        kind: "p",
        parts: [
          `${light.name} stands on `,
          { href: islandHref(island.slug), text: island.name },
          `. It was first lit in ${light.built}.`,
        ],
      },
      {
        kind: "ul",
        items: [
          [`Height of tower: ${light.heightM} m`],
          ["Designed by: ", { href: personHref(designer.slug), text: designer.name }],
          keeper,
          [`Optic: ${light.lens}`],
          [light.automated ? `Automated in ${light.automated}` : "Never automated"],
        ],
      },
      {
        kind: "p",
        parts: [
          "Visitor numbers are published in the ",
          { href: "/reports/", text: "annual reports of the Heritage Trust" },
          ".",
        ],
      },
    ],
  };
}

function personPage(slug: string): PageSource {
  const person = bySlug(PEOPLE, slug);
  const designed = LIGHTHOUSES.filter((l) => l.designer === slug);
  const kept = LIGHTHOUSES.filter((l) => l.firstKeeper === slug);
  const blocks: Block[] = [
    {
      kind: "p",
      parts: [`${person.name} (${person.born}-${person.died}), born in ${person.birthplace}.`],
    },
    { kind: "p", parts: [person.bio] },
  ];
  if (designed.length) {
    blocks.push({ kind: "h2", text: "Lights designed" }, {
      kind: "ul",
      items: designed.map((l) => [{ href: lightHref(l.slug), text: l.name }]),
    });
  }
  if (kept.length) {
    blocks.push({ kind: "h2", text: "First keeper of" }, {
      kind: "ul",
      items: kept.map((l) => [{ href: lightHref(l.slug), text: l.name }]),
    });
  }
  return { path: personHref(slug), title: person.name, blocks };
}

function timetable(): PageSource {
  return {
    path: "/ferries/timetable.html",
    title: "Ferry timetable",
    blocks: [
      { kind: "p", parts: ["All sailings are operated by the Halvard Island Ferry Company."] },
      {
        kind: "table",
        caption: "Sailings (valid all year)",
        head: ["From", "To", "Vessel", "Departures", "Crossing (minutes)", "Days"],
        rows: FERRY_ROUTES.map((r) => [
          r.from,
          r.to,
          { href: vesselHref(r.vessel), text: bySlug(VESSELS, r.vessel).name },
          r.departures.join(", "),
          String(r.minutes),
          r.days,
        ]),
      },
    ],
  };
}

function vesselPage(slug: string): PageSource {
  const v = bySlug(VESSELS, slug);
  return {
    path: vesselHref(slug),
    title: v.name,
    blocks: [
      { kind: "p", parts: [`${v.name} was built in ${v.built} at ${v.shipyard}.`] },
      {
        kind: "ul",
        items: [
          [`Passenger capacity: ${v.passengers}`],
          [v.cars ? `Car deck: ${v.cars} cars` : "Car deck: none (foot passengers only)"],
        ],
      },
      { kind: "p", parts: [{ href: "/ferries/timetable.html", text: "Back to the timetable" }] },
    ],
  };
}

function newsPage(slug: string): PageSource {
  const item = bySlug(NEWS, slug);
  return {
    path: newsHref(slug),
    title: item.title,
    blocks: [
      { kind: "p", parts: [`Published ${item.date}.`] },
      ...item.paragraphs.map((p): Block => ({ kind: "p", parts: [p] })),
    ],
  };
}

function museum(): PageSource {
  return {
    path: "/museum.html",
    title: "Halvard Maritime Museum",
    blocks: [
      {
        kind: "p",
        parts: [
          "The museum on the quay at Eskport opened in 1974. Its main hall shows the original ",
          "lens of ",
          { href: lightHref("eskholm-harbour"), text: "Eskholm Harbour Light" },
          ", models of every ferry since 1900 and the logbooks of the keepers.",
        ],
      },
    ],
  };
}

function reportLines(year: number): string[] {
  const report = REPORTS.find((r) => r.year === year)!;
  return [
    `Halvard Heritage Trust - Annual Report ${year}`,
    `Total budget: ${groupDigits(report.budgetHc)} HC (halvard crowns)`,
    `Halvard Maritime Museum visitors: ${groupDigits(report.museumVisitors)}`,
    "Lighthouse visitors:",
    ...LIGHTHOUSES.map((l) => `${l.name}: ${groupDigits(report.visitors[l.slug] ?? 0)} visitors`),
    "Highlights:",
    ...report.highlights,
  ];
}

/** Every page of the fixture web, HTML and PDF, in a fixed order. */
export async function buildFixturePages(): Promise<FixturePage[]> {
  const sources: PageSource[] = [
    home(),
    listPage(
      "/islands/",
      "Islands",
      "The six islands of the archipelago.",
      ISLANDS.map((i) => [{ href: islandHref(i.slug), text: i.name }]),
    ),
    ...ISLANDS.map((i) => islandPage(i.slug)),
    listPage(
      "/lighthouses/",
      "Lighthouses",
      "Every light of the archipelago, oldest first.",
      [...LIGHTHOUSES].sort((a, b) => a.built - b.built)
        .map((l) => [{ href: lightHref(l.slug), text: l.name }, ` (${l.built})`]),
    ),
    ...LIGHTHOUSES.map((l) => lighthousePage(l.slug)),
    listPage(
      "/people/",
      "Engineers and keepers",
      "The people who built and kept the lights.",
      PEOPLE.map((p) => [{ href: personHref(p.slug), text: p.name }]),
    ),
    ...PEOPLE.map((p) => personPage(p.slug)),
    timetable(),
    ...VESSELS.map((v) => vesselPage(v.slug)),
    listPage(
      "/news/",
      "News",
      "Stories from the islands.",
      NEWS.map((n) => [{ href: newsHref(n.slug), text: n.title }, ` (${n.date})`]),
    ),
    ...NEWS.map((n) => newsPage(n.slug)),
    museum(),
    listPage(
      "/reports/",
      "Annual reports",
      "Visitor figures and budgets are only published in the annual reports (PDF).",
      REPORTS.map((r) => [{ href: reportHref(r.year), text: `Annual report ${r.year} (PDF)` }]),
    ),
  ];
  const pages = sources.map(renderPage);
  for (const report of REPORTS) {
    const lines = reportLines(report.year);
    pages.push({
      path: reportHref(report.year),
      title: `Annual report ${report.year}`,
      contentType: "application/pdf",
      body: await writeTextPdf(`Annual Report ${report.year}`, lines),
      text: lines.join("\n"),
    });
  }
  return pages;
}
