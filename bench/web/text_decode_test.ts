import assert from "node:assert/strict";
import { decodeText, sniffEncoding } from "./text_decode.ts";

const hex = (h: string) => new Uint8Array(h.match(/../g)!.map((b) => parseInt(b, 16)));
const ascii = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), at += p.length);
  return out;
};

Deno.test("an encoding declared only in <meta> decodes latin-1, Shift_JIS and GBK pages", () => {
  const latin = concat(ascii('<html><head><meta charset="iso-8859-1"></head><p>'), hex("436166e9"));
  assert.match(decodeText(latin, "text/html"), /<p>Café/);
  const sjis = concat(
    ascii('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><p>'),
    hex("938c8b9e937382cc906c8cfb"),
  );
  assert.match(decodeText(sjis, "text/html"), /<p>東京都の人口/);
  const gbk = concat(ascii("<meta charset=gbk><p>"), hex("b1b1bea9b4f3d1a7"));
  assert.match(decodeText(gbk, "text/html"), /<p>北京大学/);
});

Deno.test("the byte-order mark beats the header, the header beats <meta>, then UTF-8 or 1252", () => {
  const bom = concat(hex("efbbbf"), ascii('<meta charset="gbk">'), ascii("caf\xc3\xa9"));
  assert.equal(sniffEncoding(bom, "text/html; charset=iso-8859-1"), "utf-8");
  const meta = concat(ascii('<meta charset="gbk"><p>'), hex("436166e9"));
  assert.equal(sniffEncoding(meta, 'text/html; charset="windows-1252"'), "windows-1252");
  assert.equal(sniffEncoding(hex("436166e9"), "text/plain"), "windows-1252");
  assert.equal(sniffEncoding(ascii("plain ascii"), ""), "utf-8");
  assert.equal(sniffEncoding(ascii('<?xml version="1.0" encoding="EUC-JP"?><a/>')), "euc-jp");
  // An unknown label is ignored, not fatal.
  assert.equal(sniffEncoding(ascii("x"), "text/html; charset=klingon"), "utf-8");
});
