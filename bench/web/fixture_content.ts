/**
 * The facts of the fixture web: an invented island chain (the Halvard Archipelago), its
 * lighthouses, keepers, ferries and heritage trust. Everything here is made up, so no model can
 * answer the fixture tasks from memory: it has to search and read the pages built from these
 * records.
 *
 * @module
 */

/** One island of the archipelago. */
export interface Island {
  readonly slug: string;
  readonly name: string;
  readonly population: number;
  readonly areaKm2: number;
  /** Main village; null for an uninhabited island. */
  readonly village: string | null;
  readonly lighthouse: string;
  readonly note: string;
}

/** One lighthouse. */
export interface Lighthouse {
  readonly slug: string;
  readonly name: string;
  readonly island: string;
  readonly built: number;
  readonly heightM: number;
  /** Slug of the engineer who designed it. */
  readonly designer: string;
  /** Slug of the first keeper; null when it was never staffed. */
  readonly firstKeeper: string | null;
  readonly automated: number | null;
  readonly lens: string;
}

/** One person (engineer or keeper). */
export interface Person {
  readonly slug: string;
  readonly name: string;
  readonly born: number;
  readonly died: number;
  readonly birthplace: string;
  readonly bio: string;
}

/** One row of the ferry timetable. */
export interface FerryRoute {
  readonly from: string;
  readonly to: string;
  readonly vessel: string;
  readonly departures: readonly string[];
  readonly minutes: number;
  readonly days: string;
}

/** One ferry. */
export interface Vessel {
  readonly slug: string;
  readonly name: string;
  readonly built: number;
  readonly shipyard: string;
  readonly passengers: number;
  readonly cars: number;
}

/** One news article. */
export interface NewsItem {
  readonly slug: string;
  readonly title: string;
  readonly date: string;
  readonly paragraphs: readonly string[];
}

/** One annual report, served as a PDF. */
export interface AnnualReport {
  readonly year: number;
  /** Visitors per lighthouse slug. */
  readonly visitors: Readonly<Record<string, number>>;
  readonly museumVisitors: number;
  readonly budgetHc: number;
  readonly highlights: readonly string[];
}

/** The islands, west to east. */
export const ISLANDS: readonly Island[] = [
  {
    slug: "brenmark",
    name: "Brenmark",
    population: 1240,
    areaKm2: 38.2,
    village: "Tollhaven",
    lighthouse: "brenmark-point",
    note: "Brenmark is known for its basalt cliffs and the herring smokehouses of Tollhaven.",
  },
  {
    slug: "corrow",
    name: "Corrow",
    population: 312,
    areaKm2: 11.5,
    village: "Saltby",
    lighthouse: "corrow-head",
    note: "Corrow hosts the Lantern Festival every August on the green above Saltby harbour.",
  },
  {
    slug: "dunsel",
    name: "Dunsel",
    population: 87,
    areaKm2: 4.9,
    village: "Mossgate",
    lighthouse: "dunsel-rock",
    note: "Dunsel is the smallest inhabited island; its school closed in 1996.",
  },
  {
    slug: "eskholm",
    name: "Eskholm",
    population: 2015,
    areaKm2: 52.7,
    village: "Eskport",
    lighthouse: "eskholm-harbour",
    note: "Eskholm is the ferry hub of the archipelago and home of the Halvard Maritime Museum.",
  },
  {
    slug: "fennick",
    name: "Fennick",
    population: 456,
    areaKm2: 17.3,
    village: "Westerly",
    lighthouse: "fennick-spit",
    note: "Fennick's long sand spit shifts every winter, which is why its light was built so tall.",
  },
  {
    slug: "gallowmere",
    name: "Gallowmere",
    population: 0,
    areaKm2: 2.1,
    village: null,
    lighthouse: "gallowmere-beacon",
    note: "Gallowmere has been uninhabited since 1938; landing is forbidden during nesting season.",
  },
];

/** The lighthouses, one per island. */
export const LIGHTHOUSES: readonly Lighthouse[] = [
  {
    slug: "brenmark-point",
    name: "Brenmark Point Light",
    island: "brenmark",
    built: 1861,
    heightM: 31,
    designer: "ottilie-harkness",
    firstKeeper: "jonas-vey",
    automated: 1978,
    lens: "first-order Fresnel lens",
  },
  {
    slug: "corrow-head",
    name: "Corrow Head Light",
    island: "corrow",
    built: 1874,
    heightM: 18,
    designer: "ottilie-harkness",
    firstKeeper: "marit-solberg",
    automated: 1981,
    lens: "third-order Fresnel lens",
  },
  {
    slug: "dunsel-rock",
    name: "Dunsel Rock Light",
    island: "dunsel",
    built: 1889,
    heightM: 24,
    designer: "edwin-carrow",
    firstKeeper: "per-lindqvist",
    automated: 1969,
    lens: "second-order Fresnel lens",
  },
  {
    slug: "eskholm-harbour",
    name: "Eskholm Harbour Light",
    island: "eskholm",
    built: 1852,
    heightM: 12,
    designer: "edwin-carrow",
    firstKeeper: "ada-brisk",
    automated: 1990,
    lens: "fourth-order Fresnel lens (the original is in the Halvard Maritime Museum)",
  },
  {
    slug: "fennick-spit",
    name: "Fennick Spit Light",
    island: "fennick",
    built: 1903,
    heightM: 27,
    designer: "tomas-rudd",
    firstKeeper: "jonas-vey",
    automated: 1984,
    lens: "second-order Fresnel lens",
  },
  {
    slug: "gallowmere-beacon",
    name: "Gallowmere Beacon",
    island: "gallowmere",
    built: 1921,
    heightM: 9,
    designer: "tomas-rudd",
    firstKeeper: null,
    automated: null,
    lens: "acetylene flasher (never staffed)",
  },
];

/** Engineers and keepers. */
export const PEOPLE: readonly Person[] = [
  {
    slug: "ottilie-harkness",
    name: "Ottilie Harkness",
    born: 1829,
    died: 1902,
    birthplace: "Eskport",
    bio: "Chief engineer of the Halvard Lights Board from 1858 to 1890. She trained " +
      "Tomas Rudd and favoured tall granite towers on exposed headlands.",
  },
  {
    slug: "edwin-carrow",
    name: "Edwin Carrow",
    born: 1821,
    died: 1895,
    birthplace: "Tollhaven",
    bio: "Harbour engineer who built the breakwater at Eskport before turning to lights. " +
      "His towers are short and squat, built from local basalt.",
  },
  {
    slug: "tomas-rudd",
    name: "Tomas Rudd",
    born: 1868,
    died: 1940,
    birthplace: "Westerly",
    bio: "Apprenticed to Ottilie Harkness in 1885 and succeeded her as chief engineer. " +
      "He introduced unmanned acetylene beacons to the archipelago.",
  },
  {
    slug: "jonas-vey",
    name: "Jonas Vey",
    born: 1835,
    died: 1911,
    birthplace: "Saltby",
    bio: "Keeper for forty-seven years. He lit the lamp at Brenmark Point Light from 1861 to " +
      "1903 and then moved to the new Fennick Spit Light, where he served until 1908.",
  },
  {
    slug: "marit-solberg",
    name: "Marit Solberg",
    born: 1850,
    died: 1930,
    birthplace: "Mossgate",
    bio: "Keeper of Corrow Head Light from 1874 to 1915 and author of the memoir " +
      "'Logbook of the Head' (1921), the best record of island life in her time.",
  },
  {
    slug: "per-lindqvist",
    name: "Per Lindqvist",
    born: 1857,
    died: 1924,
    birthplace: "Eskport",
    bio: "First keeper of Dunsel Rock Light (1889-1922). He rescued eleven sailors from the " +
      "wreck of the schooner Maren in 1897.",
  },
  {
    slug: "ada-brisk",
    name: "Ada Brisk",
    born: 1826,
    died: 1899,
    birthplace: "Eskport",
    bio: "First keeper of Eskholm Harbour Light (1852-1890); her daughter kept the light " +
      "after her.",
  },
];

/** The ferry timetable, valid all year. */
export const FERRY_ROUTES: readonly FerryRoute[] = [
  {
    from: "Eskport",
    to: "Tollhaven",
    vessel: "skarv",
    departures: ["07:15", "12:40", "17:05"],
    minutes: 55,
    days: "Daily",
  },
  {
    from: "Eskport",
    to: "Saltby",
    vessel: "terna",
    departures: ["08:00", "15:30"],
    minutes: 70,
    days: "Daily",
  },
  {
    from: "Eskport",
    to: "Westerly",
    vessel: "skarv",
    departures: ["09:30", "14:10"],
    minutes: 40,
    days: "Monday to Saturday",
  },
  {
    from: "Tollhaven",
    to: "Mossgate",
    vessel: "lunde",
    departures: ["10:20"],
    minutes: 35,
    days: "Tuesday and Friday",
  },
  {
    from: "Saltby",
    to: "Westerly",
    vessel: "terna",
    departures: ["11:45"],
    minutes: 50,
    days: "Daily",
  },
];

/** The ferries. */
export const VESSELS: readonly Vessel[] = [
  {
    slug: "skarv",
    name: "MV Skarv",
    built: 1998,
    shipyard: "Rennick Yard",
    passengers: 180,
    cars: 24,
  },
  {
    slug: "terna",
    name: "MV Terna",
    built: 2006,
    shipyard: "Osterby Werft",
    passengers: 120,
    cars: 12,
  },
  {
    slug: "lunde",
    name: "MV Lunde",
    built: 1987,
    shipyard: "Rennick Yard",
    passengers: 45,
    cars: 0,
  },
];

/** News articles. */
export const NEWS: readonly NewsItem[] = [
  {
    slug: "storm-edda",
    title: "Storm Edda shatters lantern glazing on a northern light",
    date: "2022-11-14",
    paragraphs: [
      "Storm Edda brought gusts of 41 metres per second to the archipelago overnight.",
      "The lantern glazing of Dunsel Rock Light was shattered and the light was dark for " +
      "three nights. The Heritage Trust has promised a full restoration of the lantern room.",
    ],
  },
  {
    slug: "lantern-festival-2023",
    title: "Record crowd at the Lantern Festival",
    date: "2023-08-19",
    paragraphs: [
      "The Lantern Festival on Corrow drew 2,300 visitors this year, a record.",
      "Paper lanterns were carried from Saltby harbour up to Corrow Head Light at dusk.",
    ],
  },
  {
    slug: "terna-arrives",
    title: "New ferry for the Saltby route",
    date: "2006-05-02",
    paragraphs: [
      "MV Terna, built at Osterby Werft, entered service on the Eskport to Saltby route today.",
      "She replaces MV Alke, which served the islands for thirty-one years.",
    ],
  },
  {
    slug: "museum-lens",
    title: "Museum unveils restored harbour lens",
    date: "2019-03-08",
    paragraphs: [
      "The Halvard Maritime Museum in Eskport, opened in 1974, has put the original " +
      "fourth-order lens of Eskholm Harbour Light back on display after two years of cleaning.",
    ],
  },
];

/** The heritage trust's annual reports (served as PDFs). */
export const REPORTS: readonly AnnualReport[] = [
  {
    year: 2022,
    visitors: {
      "brenmark-point": 17120,
      "corrow-head": 5980,
      "dunsel-rock": 1433,
      "eskholm-harbour": 22940,
      "fennick-spit": 8870,
      "gallowmere-beacon": 0,
    },
    museumVisitors: 29875,
    budgetHc: 1620000,
    highlights: [
      "Storm Edda damaged the lantern room of Dunsel Rock Light in November.",
      "Emergency repairs to the Dunsel glazing cost 38,500 HC.",
    ],
  },
  {
    year: 2023,
    visitors: {
      "brenmark-point": 18430,
      "corrow-head": 6215,
      "dunsel-rock": 1102,
      "eskholm-harbour": 24870,
      "fennick-spit": 9356,
      "gallowmere-beacon": 0,
    },
    museumVisitors: 31540,
    budgetHc: 1840000,
    highlights: [
      "The full restoration of the Dunsel Rock Light lantern room was completed in September " +
      "at a cost of 412,000 HC.",
      "Gallowmere Beacon remained closed to visitors because of nesting seabirds.",
    ],
  },
];

/** Looks a record up by slug; the fixture data is fixed, so a miss is a programming error. */
export function bySlug<T extends { readonly slug: string }>(list: readonly T[], slug: string): T {
  const found = list.find((item) => item.slug === slug);
  if (!found) throw new RangeError(`fixture web: no record ${slug}`);
  return found;
}
