/**
 * Bearer-token checking for the status server. Both sides are hashed before a constant-time
 * comparison, so neither the token's content nor its length leaks through response timing.
 *
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";

function digest(text: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(text, "utf8").digest());
}

/** Extracts the credentials of an `Authorization: Bearer <token>` header; null otherwise. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** True when `header` carries exactly `token` as a bearer token (constant-time compare). */
export function authorized(header: string | undefined | null, token: string): boolean {
  const given = bearerToken(header);
  // Compare even when the header is missing, so both paths take the same time.
  const ok = timingSafeEqual(digest(given ?? ""), digest(token));
  return ok && given !== null;
}
