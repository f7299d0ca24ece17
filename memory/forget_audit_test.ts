import assert from "node:assert/strict";
import type { Same } from "../core/same_type.ts";
import type { z } from "../core/zod.ts";
import { type ForgottenUnit, ForgottenUnitSchema } from "./forget_audit.ts";

// Written out for the documentation; the schema stays the one definition.
const same: Same<ForgottenUnit, z.infer<typeof ForgottenUnitSchema>> = true;

Deno.test("the ForgottenUnit interface is exactly the schema's inferred type, and bad reasons are refused", () => {
  assert.equal(same, true);
  const entry = {
    id: "m-000001",
    type: "tip",
    signature: "s",
    source_task_id: "t1",
    created_at: "2024-01-01T00:00:00Z",
    forgotten_at: "2024-01-02T00:00:00Z",
    reason: "purge",
  };
  const parsed: ForgottenUnit = ForgottenUnitSchema.parse(entry);
  assert.equal(parsed.reason, "purge");
  assert.equal(ForgottenUnitSchema.safeParse({ ...entry, reason: "lost" }).success, false);
});
