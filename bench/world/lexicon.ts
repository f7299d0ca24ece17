/**
 * The words of the `world` benchmark: entity names, task subjects and sentence templates. The
 * generator draws from these lists with a seeded Rng; the scripted agent recognises entities
 * with {@linkcode findEntities}, as a model would recognise a company name or a dataset id.
 *
 * @module
 */
import type { EntityKind } from "./tools.ts";

/** Customer names (fictional companies). */
export const CUSTOMERS: readonly string[] = [
  "Globex",
  "Initech",
  "Umbrella",
  "Hooli",
  "Vandelay",
  "Soylent",
  "Tyrell",
  "Cyberdyne",
  "Wonka",
  "Oscorp",
  "Nakatomi",
  "Kramerica",
  "Virtucon",
  "Contoso",
  "Fabrikam",
  "Northwind",
  "Dunder",
  "Prestige",
];

/** Region names. */
export const REGIONS: readonly string[] = [
  "eu-west",
  "us-east",
  "ap-south",
  "sa-east",
  "eu-north",
  "us-west",
  "af-south",
  "ca-central",
];

/** Task subjects; each family owns one entry, whose three synonyms vary the wording. */
export const SUBJECTS: readonly (readonly [string, string, string])[] = [
  ["invoice summary", "billing digest", "statement of charges"],
  ["consumption review", "metering breakdown", "utilisation recap"],
  ["retention study", "attrition breakdown", "loyalty analysis"],
  ["incident postmortem", "outage review", "failure writeup"],
  ["compliance ledger", "regulatory record", "oversight file"],
  ["performance snapshot", "speed profile", "responsiveness study"],
  ["quarterly forecast", "sales outlook", "income projection"],
  ["permission review", "entitlement check", "privilege inventory"],
  ["backup manifest", "snapshot inventory", "restore catalogue"],
  ["onboarding pack", "welcome bundle", "starter kit"],
  ["vulnerability notice", "patch bulletin", "threat advisory"],
  ["records dump", "table extract", "data snapshot"],
  ["pricing sheet", "rate card", "tariff table"],
  ["contract renewal", "agreement extension", "subscription renewal"],
  ["support digest", "helpdesk recap", "case summary"],
  ["inventory count", "stock tally", "warehouse census"],
  ["payroll batch", "salary run", "compensation batch"],
  ["marketing brief", "campaign outline", "promotion plan"],
  ["tax filing", "levy return", "duty declaration"],
  ["shipping schedule", "delivery timetable", "dispatch plan"],
  ["energy report", "power usage memo", "consumption ledger"],
  ["fraud review", "anomaly audit", "suspicious activity file"],
  ["survey results", "feedback tally", "poll summary"],
  ["training roster", "course schedule", "learning plan"],
];

/** Sentence templates; `{verb}` is a goal phrase, `{ctx}` the dataset and region clauses. */
export const TEMPLATES: readonly string[] = [
  "Please {verb} the {subject} for {customer}{ctx}.{hint}",
  "{customer} is waiting on the {subject}; {verb} it{ctx}.{hint}",
  "Can you {verb} the {subject} that {customer} asked for{ctx}?{hint}",
  "Request from {customer}: {verb} the {subject}{ctx}.{hint}",
  "We need to {verb} the {subject} of {customer}{ctx}.{hint}",
];

/** Ways of naming the dataset. */
export const DATASET_CLAUSES: readonly string[] = [
  " using dataset {dataset}",
  " from dataset {dataset}",
  " based on {dataset}",
];

/** Ways of naming the region. */
export const REGION_CLAUSES: readonly string[] = [
  " in {region}",
  " for region {region}",
  " (region {region})",
];

const DATASET_ID = /\bDS-\d{4}\b/;
const REGION_ID = new RegExp(`\\b(${REGIONS.join("|")})\\b`);
const CUSTOMER_ID = new RegExp(`\\b(${CUSTOMERS.join("|")})\\b`);

/** Does `value` look like an entity of `kind`? */
export function isEntityOf(kind: EntityKind, value: string): boolean {
  switch (kind) {
    case "customer":
      return CUSTOMERS.includes(value);
    case "dataset":
      return /^DS-\d{4}$/.test(value);
    case "region":
      return REGIONS.includes(value);
  }
}

/** The entities a text names, first occurrence of each kind. */
export function findEntities(text: string): Partial<Record<EntityKind, string>> {
  const out: Partial<Record<EntityKind, string>> = {};
  const d = text.match(DATASET_ID);
  if (d) out.dataset = d[0];
  const r = text.match(REGION_ID);
  if (r) out.region = r[1];
  const c = text.match(CUSTOMER_ID);
  if (c) out.customer = c[1];
  return out;
}
