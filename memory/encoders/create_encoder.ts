/**
 * {@linkcode createEncoder}: the {@linkcode Encoder} every provider uses. It applies the
 * provenance gate (`gate.ts`), then runs the model encoder when `deps.model` is set and the
 * offline rules otherwise; `perType` says which mode ran for each type the gate let through
 * (types the gate withheld are absent).
 *
 * @module
 */
import type { Encoder } from "../encoder_port.ts";
import { gateTypes, isConversation } from "./gate.ts";
import { type ModelEncoderOptions, modelExtract } from "./model_encoder.ts";
import { offlineExtract } from "./offline_encoder.ts";

/** Encoder options. */
export type EncoderOptions = ModelEncoderOptions;

/** Builds the encoder. */
export function createEncoder(options: EncoderOptions = {}): Encoder {
  return async (input, deps) => {
    const types = gateTypes(input.types, input.outcome, isConversation(input.trajectory));
    if (types.length === 0) return { units: [], perType: [], failures: [] };
    if (input.trajectory.steps.length === 0) {
      return {
        units: [],
        perType: [],
        failures: [`task ${input.task.id}: the trajectory has no steps; nothing to extract`],
      };
    }
    if (deps.model) {
      return await modelExtract(input, types, { ...deps, model: deps.model }, options);
    }
    return offlineExtract(input, types, deps);
  };
}
