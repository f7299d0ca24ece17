/**
 * xBench-DeepSearch's row cipher: `prompt` and `answer` are base64 of the UTF-8 plaintext XOR-ed
 * byte by byte with the row's `canary` string (UTF-8, repeating key). The same operation encrypts.
 * Decrypted text lives only in memory: nothing here writes or logs it.
 *
 * @module
 */
import { AutomemError } from "../../core/automem_error.ts";

function xor(data: Uint8Array, key: string): Uint8Array {
  const k = new TextEncoder().encode(key);
  if (k.length === 0) throw new AutomemError("xbench_cipher", "the canary (key) is empty");
  return data.map((b, i) => b ^ k[i % k.length]);
}

/** Decrypts one field; throws `AutomemError("xbench_cipher")` on bad base64 or bad UTF-8. */
export function xbenchDecrypt(cipher: string, canary: string): string {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(cipher.trim()), (c) => c.charCodeAt(0));
  } catch {
    throw new AutomemError("xbench_cipher", "the field is not valid base64");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(xor(bytes, canary));
  } catch (e) {
    if (e instanceof AutomemError) throw e;
    throw new AutomemError("xbench_cipher", "the decrypted bytes are not UTF-8 (wrong canary?)");
  }
}

/** Encrypts one field the way the dataset does (used to write fixture files). */
export function xbenchEncrypt(plain: string, canary: string): string {
  const bytes = xor(new TextEncoder().encode(plain), canary);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
