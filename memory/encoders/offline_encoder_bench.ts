/**
 * Throughput of the offline encoder on the real data (`deno bench -A memory/encoders`); falls back
 * to the synthetic fixtures when `<repo>/../shared/data` is absent.
 */
import { logicalClock } from "../../core/clock.ts";
import { ENCODE_TYPES } from "../../core/space.ts";
import type { ExtractionInput } from "../encoder_port.ts";
import { parseReflexionHotpotLog } from "../trajectory_io/hotpot_reflexion.ts";
import { parseLocomo } from "../trajectory_io/locomo.ts";
import { DATASETS, hasSharedData, sharedDataUrl } from "../trajectory_io/shared_data.ts";
import { createEncoder } from "./create_encoder.ts";
import { conversation, haltedFailure, recoveredSuccess } from "./fixtures_test.ts";

const types = [...ENCODE_TYPES];
const encode = createEncoder();

let agentRuns: ExtractionInput[] = [recoveredSuccess(), haltedFailure()];
if (hasSharedData(DATASETS.hotpotReflexion)) {
  const r = parseReflexionHotpotLog(
    await Deno.readTextFile(sharedDataUrl(DATASETS.hotpotReflexion)),
  );
  if (r.ok) agentRuns = r.value.map((x) => ({ ...x, types }));
}
let sessions: ExtractionInput[] = [conversation()];
if (hasSharedData(DATASETS.locomo)) {
  const r = parseLocomo(await Deno.readTextFile(sharedDataUrl(DATASETS.locomo)));
  if (r.ok) {
    sessions = r.value.conversations.flatMap((c) =>
      c.sessions.map((s) => ({
        task: { id: s.trajectory.task_id, text: s.trajectory.query },
        trajectory: s.trajectory,
        types,
      }))
    );
  }
}

async function runAll(inputs: ExtractionInput[]) {
  let n = 0;
  const deps = { clock: logicalClock(), newId: () => `b${n++}` };
  for (const input of inputs) await encode(input, deps);
}

Deno.bench(`offline extraction, all types, ${agentRuns.length} agent runs`, async () => {
  await runAll(agentRuns);
});

Deno.bench(`offline extraction, all types, ${sessions.length} conversation sessions`, async () => {
  await runAll(sessions);
});
