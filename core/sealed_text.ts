/**
 * Text sealed at rest with AES-256-GCM (WebCrypto), for state that must persist across a resume
 * but must never sit on disk in plaintext (memory built from a protected dataset's decrypted
 * tasks). Both keys come from a secret by HKDF-SHA-256: whoever holds the secret (the dataset
 * file) can reopen the text; the run directory alone cannot.
 *
 * The nonce is HMAC-SHA-256 of the plaintext under a second derived key (a synthetic IV), so the
 * same text under the same secret seals to the same bytes: a resumed run writes byte-identical
 * files. Equal plaintexts are recognisable as equal, which is all this reveals.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { AutomemError } from "./automem_error.ts";

/** The envelope's format tag. */
export const SEALED_FORMAT = "automem-sealed/aes-256-gcm/v1";

const enc = new TextEncoder();

/** Seals and opens text with keys derived from one secret. */
export class TextSealer {
  readonly #aes: CryptoKey;
  readonly #iv: CryptoKey;
  private constructor(aes: CryptoKey, iv: CryptoKey) {
    this.#aes = aes;
    this.#iv = iv;
  }

  /** Derives the keys from `secret`; `purpose` separates the keys of different uses. */
  static async fromSecret(secret: string | Uint8Array, purpose: string): Promise<TextSealer> {
    const raw = typeof secret === "string" ? enc.encode(secret) : secret;
    const ikm = await crypto.subtle.importKey("raw", raw as BufferSource, "HKDF", false, [
      "deriveKey",
    ]);
    const hkdf = (info: string) => ({
      name: "HKDF",
      hash: "SHA-256",
      salt: enc.encode(SEALED_FORMAT),
      info: enc.encode(`${purpose}:${info}`),
    });
    const aes = await crypto.subtle.deriveKey(
      hkdf("aes"),
      ikm,
      { name: "AES-GCM", length: 256 },
      false,
      ["encrypt", "decrypt"],
    );
    const iv = await crypto.subtle.deriveKey(
      hkdf("iv"),
      ikm,
      { name: "HMAC", hash: "SHA-256", length: 256 },
      false,
      ["sign"],
    );
    return new TextSealer(aes, iv);
  }

  /** The sealed envelope of `plain`: one line of JSON ending in a newline. */
  async seal(plain: string): Promise<string> {
    const data = enc.encode(plain);
    const iv = new Uint8Array(await crypto.subtle.sign("HMAC", this.#iv, data)).slice(0, 12);
    const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, this.#aes, data);
    return JSON.stringify({
      sealed: SEALED_FORMAT,
      iv: Buffer.from(iv).toString("base64"),
      data: Buffer.from(new Uint8Array(ct)).toString("base64"),
    }) + "\n";
  }

  /**
   * The plaintext of an envelope. Throws `AutomemError("sealed_open")` naming `where` when the
   * text is no envelope, or was sealed with another secret, or was altered.
   */
  async open(sealed: string, where: string): Promise<string> {
    const env = parseEnvelope(sealed);
    if (!env) throw new AutomemError("sealed_open", `${where} is not a sealed file`);
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: Buffer.from(env.iv, "base64") },
        this.#aes,
        Buffer.from(env.data, "base64"),
      );
      return new TextDecoder().decode(plain);
    } catch (e) {
      throw new AutomemError(
        "sealed_open",
        `${where} cannot be opened: it was sealed with another dataset file, or altered`,
        { cause: e },
      );
    }
  }
}

function parseEnvelope(text: string): { iv: string; data: string } | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (o.sealed !== SEALED_FORMAT || typeof o.iv !== "string" || typeof o.data !== "string") {
    return undefined;
  }
  return { iv: o.iv, data: o.data };
}

/** True when `text` is a sealed envelope (any secret). */
export function isSealed(text: string): boolean {
  return text.startsWith(`{"sealed":"${SEALED_FORMAT}"`);
}
