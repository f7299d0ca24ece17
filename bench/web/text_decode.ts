/**
 * Bytes of a page or text file to text, with the encoding found the way browsers find it (the
 * WHATWG Encoding Standard's order): a byte-order mark first, then the HTTP `charset`, then for
 * HTML a `<meta charset>` or `<meta http-equiv="content-type">` in the first 4 KiB (for XML the
 * `<?xml encoding?>` declaration), and otherwise UTF-8 when the bytes are valid UTF-8, else
 * windows-1252. Decoding itself is the runtime's `TextDecoder`, which implements every encoding
 * of that standard (Shift_JIS, EUC-JP, GBK, GB18030, Big5, EUC-KR, the windows-125x and
 * ISO-8859 families, KOI8...), so no decoder of our own is involved.
 *
 * @module
 */

/** A label `TextDecoder` knows, as its canonical name, or undefined. */
function known(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    const encoding = new TextDecoder(label.trim().replace(/^["']|["']$/g, "")).encoding;
    // A page that claims UTF-16 in ASCII-compatible markup is UTF-8 (the standard's rule).
    return encoding.startsWith("utf-16") ? "utf-8" : encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return undefined;
}

/** The `charset` parameter of a `content-type` header. */
export function headerCharset(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType)?.[2];
}

/** The encoding declared inside the first 4 KiB of HTML or XML markup. */
export function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder("windows-1252").decode(bytes.subarray(0, 4096));
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1];
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const charset = /\bcharset\s*=\s*["']?([^"'\s/>;]+)/i.exec(tag);
    if (charset) return charset[1];
  }
  return undefined;
}

function validUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The encoding of `bytes` served with `contentType` (see the module doc). */
export function sniffEncoding(bytes: Uint8Array, contentType = "", markup = true): string {
  return bomEncoding(bytes) ?? known(headerCharset(contentType)) ??
    (markup ? known(declaredCharset(bytes)) : undefined) ??
    (validUtf8(bytes) ? "utf-8" : "windows-1252");
}

/** `bytes` as text, decoded with {@linkcode sniffEncoding}; a byte-order mark is dropped. */
export function decodeText(bytes: Uint8Array, contentType = "", markup = true): string {
  return new TextDecoder(sniffEncoding(bytes, contentType, markup)).decode(bytes);
}
