import assert from "node:assert/strict";
import { resolveWebConfig } from "../../core/web_config.ts";
import { createMediaDescriber } from "./media_describer.ts";

Deno.test("media describer sends images to a vision chat model and audio to transcription", async () => {
  const seen: {
    path: string;
    auth: string | null;
    json?: unknown;
    form?: Record<string, string>;
  }[] = [];
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: resolve }, async (req) => {
    const path = new URL(req.url).pathname;
    const auth = req.headers.get("authorization");
    if (path === "/v1/chat/completions") {
      seen.push({ path, auth, json: await req.json() });
      return Response.json({
        choices: [{ message: { role: "assistant", content: "A red lighthouse." } }],
      });
    }
    const form = await req.formData();
    const file = form.get("file") as File;
    seen.push({
      path,
      auth,
      form: { model: String(form.get("model")), name: file.name, size: String(file.size) },
    });
    return Response.json({ text: "Ferry leaves at ten." });
  });
  try {
    const base = `http://127.0.0.1:${(await promise).port}/v1`;
    const web = resolveWebConfig({
      VISION_API_KEY: "vision-key",
      VISION_API_BASE: base,
      VISION_MODEL: "vision-model",
      TRANSCRIPTION_API_KEY: "audio-key",
      TRANSCRIPTION_API_BASE: base,
    }, "off");
    const media = createMediaDescriber(web.media, fetch)!;
    assert.deepEqual(media.kinds, ["image", "audio"]);
    const image = await media.describe(
      "image",
      "photo.png",
      new Uint8Array([1, 2, 3]),
      "What colour?",
    );
    assert.match(image, /A red lighthouse\./);
    const chat = seen[0].json as {
      model: string;
      messages: { content: { type: string; text?: string; image_url?: { url: string } }[] }[];
    };
    assert.equal(chat.model, "vision-model");
    assert.equal(chat.messages[0].content[1].image_url?.url, "data:image/png;base64,AQID");
    assert.match(chat.messages[0].content[0].text ?? "", /What colour\?/);
    assert.equal(seen[0].auth, "Bearer vision-key");
    const audio = await media.describe("audio", "memo.mp3", new Uint8Array(10), "");
    assert.match(audio, /Ferry leaves at ten\./);
    assert.deepEqual(seen[1].form, { model: "whisper-1", name: "memo.mp3", size: "10" });
    assert.equal(seen[1].auth, "Bearer audio-key");
  } finally {
    await server.shutdown();
  }
});

Deno.test("no media models configured means no describer", () => {
  assert.equal(createMediaDescriber(resolveWebConfig({}, "off").media, fetch), undefined);
});
