/**
 * The tool vocabulary of the `world` benchmark: sixteen tools over customer data operations, each
 * with typed arguments, the state it produces (named in precondition errors) and the phrases a
 * task text may use for it. The catalogue is static code: only procedures and tasks are drawn
 * from the seed.
 *
 * Choice values are snake_case identifiers that never occur in task texts, so an encoder that
 * abstracts task literals keeps them, while entity values (customers, datasets, regions) always
 * come from the task text and are abstracted.
 *
 * @module
 */

/** The kinds of entity a task names. */
export const ENTITY_KINDS = ["customer", "dataset", "region"] as const;
/** One entity kind. */
export type EntityKind = typeof ENTITY_KINDS[number];

/** One argument of a tool. */
export type ArgSpec =
  | { name: string; kind: "entity"; entity: EntityKind }
  | { name: string; kind: "choice"; values: readonly string[] }
  | { name: string; kind: "flag"; reason: string };

/** One step of a hidden procedure: the tool, its required choice values and flags. */
export interface ProcedureStep {
  tool: string;
  choices: Readonly<Record<string, string>>;
  flags: readonly string[];
}

/** One tool of the catalogue. */
export interface ToolSpec {
  name: string;
  description: string;
  /** The state a successful call produces; precondition errors name it. */
  produces: string;
  /** Position in the conventional pipeline order (lower runs earlier). */
  stage: number;
  args: readonly ArgSpec[];
  /** Phrases a task text may use for this action. */
  phrases: readonly string[];
  /** Why the tool does not apply to a request whose procedure lacks it. */
  notApplicable: string;
}

const entity = (name: string, e: EntityKind): ArgSpec => ({ name, kind: "entity", entity: e });
const choice = (name: string, values: readonly string[]): ArgSpec => ({
  name,
  kind: "choice",
  values,
});
const flag = (name: string, reason: string): ArgSpec => ({ name, kind: "flag", reason });

/** The catalogue, in conventional pipeline order. */
export const TOOLS: readonly ToolSpec[] = [
  {
    name: "authenticate",
    description: "Opens a session in a realm.",
    produces: "an authenticated session",
    stage: 0,
    args: [
      choice("realm", ["prod_realm", "staging_realm", "sandbox_realm"]),
      flag("mfa", "level-3 requests need a second factor"),
    ],
    phrases: ["sign in", "log in", "authenticate"],
    notApplicable: "this request runs without a session",
  },
  {
    name: "lookup_account",
    description: "Resolves a customer's account.",
    produces: "a resolved account",
    stage: 1,
    args: [entity("customer", "customer")],
    phrases: ["look up the account", "find the account", "check the account"],
    notApplicable: "the account is already resolved for this request",
  },
  {
    name: "open_ticket",
    description: "Opens a tracking ticket for a customer.",
    produces: "an open ticket",
    stage: 1,
    args: [
      entity("customer", "customer"),
      choice("priority", ["low_pri", "normal_pri", "high_pri"]),
    ],
    phrases: ["open a ticket", "file a ticket", "raise a case"],
    notApplicable: "this request is not tracked by a ticket",
  },
  {
    name: "fetch_records",
    description: "Loads a dataset's rows from a region.",
    produces: "loaded records",
    stage: 2,
    args: [
      entity("dataset", "dataset"),
      entity("region", "region"),
      flag("include_archived", "level-3 audits read archived partitions"),
    ],
    phrases: ["pull the records", "fetch the data", "load the rows"],
    notApplicable: "this request reads no dataset",
  },
  {
    name: "validate_schema",
    description: "Checks the loaded dataset against its schema.",
    produces: "a validated schema",
    stage: 3,
    args: [entity("dataset", "dataset"), flag("strict", "level-3 datasets need strict checks")],
    phrases: ["validate the schema", "check the schema", "sanity-check the columns"],
    notApplicable: "there is no schema to validate",
  },
  {
    name: "apply_filter",
    description: "Restricts the working rows by a rule.",
    produces: "a filtered view",
    stage: 4,
    args: [choice("rule", ["active_only", "last_quarter", "flagged_only"])],
    phrases: ["filter the rows", "narrow down the rows", "trim the rows"],
    notApplicable: "no filterable view exists for this request",
  },
  {
    name: "merge_tables",
    description: "Joins the working rows with the reference tables.",
    produces: "a merged table",
    stage: 4,
    args: [choice("mode", ["left_join", "inner_join", "outer_join"])],
    phrases: ["merge the tables", "join the tables", "combine the sources"],
    notApplicable: "this request has a single source, nothing to merge",
  },
  {
    name: "compute_stats",
    description: "Computes a metric over the working rows.",
    produces: "computed metrics",
    stage: 5,
    args: [choice("metric", ["gross_margin", "active_users", "error_rate", "session_length"])],
    phrases: ["compute the figures", "crunch the numbers", "calculate the metrics"],
    notApplicable: "no metric is part of this request",
  },
  {
    name: "convert_format",
    description: "Converts the working file to a format.",
    produces: "a converted file",
    stage: 6,
    args: [choice("format", ["csv_file", "json_file", "parquet_file"])],
    phrases: ["convert the file", "reformat the file", "transcode the file"],
    notApplicable: "the file is already in its delivery format",
  },
  {
    name: "sign_payload",
    description: "Signs the payload with a key.",
    produces: "a signed payload",
    stage: 6,
    args: [choice("key", ["team_key", "release_key", "vault_key"])],
    phrases: ["sign the payload", "stamp the payload", "seal the payload"],
    notApplicable: "unsigned delivery is expected here",
  },
  {
    name: "verify_checksum",
    description: "Verifies the payload's integrity.",
    produces: "a verified checksum",
    stage: 7,
    args: [choice("scan", ["quick_scan", "full_scan"])],
    phrases: ["verify the checksum", "check integrity", "confirm the digest"],
    notApplicable: "no integrity check is configured for this request",
  },
  {
    name: "request_approval",
    description: "Asks an approver to sign off.",
    produces: "an approval",
    stage: 7,
    args: [choice("approver", ["line_manager", "security_office", "finance_desk"])],
    phrases: ["get sign-off", "request approval", "obtain clearance"],
    notApplicable: "no approval is required for this request",
  },
  {
    name: "export_report",
    description: "Delivers the report to a customer destination.",
    produces: "an exported report",
    stage: 8,
    args: [
      entity("customer", "customer"),
      choice("destination", ["mail_relay", "object_bucket", "client_portal"]),
    ],
    phrases: ["export", "deliver", "publish", "hand over"],
    notApplicable: "this request produces no report",
  },
  {
    name: "send_notification",
    description: "Notifies a customer on a channel.",
    produces: "a sent notification",
    stage: 8,
    args: [
      entity("customer", "customer"),
      choice("channel", ["mail_digest", "sms_gateway", "chat_webhook"]),
    ],
    phrases: ["send out", "announce", "broadcast", "circulate"],
    notApplicable: "nobody is to be notified for this request",
  },
  {
    name: "archive_bundle",
    description: "Archives the bundle with a retention class.",
    produces: "an archived bundle",
    stage: 9,
    args: [choice("retention", ["short_term", "mid_term", "long_term"])],
    phrases: ["archive", "file away", "shelve", "stow"],
    notApplicable: "nothing is to be archived for this request",
  },
  {
    name: "close_ticket",
    description: "Closes the tracking ticket with a resolution.",
    produces: "a closed ticket",
    stage: 9,
    args: [choice("resolution", ["resolved_fixed", "resolved_delivered", "closed_wontfix"])],
    phrases: ["close out", "wrap up", "resolve", "finish off"],
    notApplicable: "there is no ticket to close",
  },
];

/** Tools by name. */
export const TOOL_BY_NAME: ReadonlyMap<string, ToolSpec> = new Map(TOOLS.map((t) => [t.name, t]));

/** Tools that end a procedure (the goal of a task). */
export const GOAL_TOOLS = [
  "export_report",
  "send_notification",
  "archive_bundle",
  "close_ticket",
] as const;

/** Tools that carry a level-3 trap flag. */
export const FLAG_TOOLS = ["authenticate", "fetch_records", "validate_schema"] as const;

/** The tool that produces `state`, when one does. */
export function producerOf(state: string): ToolSpec | undefined {
  return TOOLS.find((t) => t.produces === state);
}

/** Looks a tool up by name or throws a typed error naming it. */
export function toolSpec(name: string): ToolSpec {
  const t = TOOL_BY_NAME.get(name);
  if (!t) throw new RangeError(`unknown world tool '${name}'`);
  return t;
}

/** The tool catalogue as OpenAI function-calling tool schemas (what the model agent reads). */
export function openAiToolSchemas(): unknown[] {
  return TOOLS.map((t) => {
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const a of t.args) {
      if (a.kind === "entity") {
        properties[a.name] = { type: "string", description: `the task's ${a.entity}` };
        required.push(a.name);
      } else if (a.kind === "choice") {
        properties[a.name] = { type: "string", enum: [...a.values] };
        required.push(a.name);
      } else {
        properties[a.name] = { type: "boolean", description: "optional flag" };
      }
    }
    return {
      type: "function",
      function: {
        name: t.name,
        description: `${t.description} Produces ${t.produces}.`,
        parameters: { type: "object", properties, required, additionalProperties: false },
      },
    };
  });
}
