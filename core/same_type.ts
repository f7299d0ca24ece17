/**
 * A compile-time equality of two types, for tests that keep a written-out interface (documented
 * field by field) equal to the type zod infers from its schema, the one definition.
 *
 * @module
 */

/** `true` exactly when `A` and `B` are the same type (not merely assignable both ways). */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2)
  ? true
  : false;
