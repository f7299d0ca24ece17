import assert from "node:assert/strict";
import denoJson from "../deno.json" with { type: "json" };
import { VERSION } from "./version.ts";

Deno.test("VERSION equals deno.json's version", () => {
  assert.equal(VERSION, denoJson.version);
});
