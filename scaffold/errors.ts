/**
 * Errors of the scaffold layer.
 *
 * @module
 */
import { AutomemError } from "../core/automem_error.ts";

/** A scaffold-layer failure: bad spec, unknown environment, corrupt run state. */
export class ScaffoldError extends AutomemError {
  /** Builds the error. */
  constructor(code: string, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = "ScaffoldError";
  }
}
