/**
 * Reads image and audio attachments through OpenAI-compatible endpoints: an image goes to a
 * vision-capable chat model as a base64 data URL with the agent's question; audio goes to the
 * `/audio/transcriptions` endpoint. Plain HTTP (no SDK), response shapes checked with zod.
 *
 * These calls do not pass through the chat-model port, so the usage ledger does not count them.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { extname } from "node:path";
import { z } from "../../core/zod.ts";
import type { Endpoint } from "../../core/endpoints.ts";
import type { MediaDescriber } from "./attachment_reader.ts";
import { safeFetch } from "./safe_fetch.ts";
import type { FetchPort } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** One media model (see `MediaModelSchema` in the config). */
export interface MediaModel {
  readonly model: string;
  readonly endpoint: Endpoint;
}

const ChatReplySchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});
const TranscriptionSchema = z.object({ text: z.string() });

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
};

const LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 120_000, maxRedirects: 0 };

function parseReply<T>(bytes: Uint8Array, schema: z.ZodType<T>, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new WebToolError("bad_response", `the ${what} endpoint did not answer with JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new WebToolError("bad_response", `the ${what} endpoint answered an unexpected shape`);
  }
  return parsed.data;
}

function base(endpoint: Endpoint): string {
  return endpoint.baseURL.replace(/\/+$/, "");
}

/** A describer over the configured vision and transcription models (either may be absent). */
export function createMediaDescriber(
  models: { vision: MediaModel | null; transcription: MediaModel | null },
  fetch: FetchPort,
): MediaDescriber | undefined {
  const kinds = [
    ...(models.vision ? ["image" as const] : []),
    ...(models.transcription ? ["audio" as const] : []),
  ];
  if (kinds.length === 0) return undefined;
  return {
    kinds,
    async describe(kind, name, bytes, question) {
      if (kind === "image" && models.vision) {
        const { model, endpoint } = models.vision;
        const mime = IMAGE_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
        const url = `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
        const text = question
          ? `Look at the image ${name} and answer: ${question}\nAlso transcribe any text or ` +
            "numbers it shows."
          : `Describe the image ${name} in detail, transcribing any text, numbers or table.`;
        const res = await safeFetch(`${base(endpoint)}/chat/completions`, {
          fetch,
          allowPrivateAddresses: true,
          limits: LIMITS,
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${endpoint.apiKey.reveal()}`,
          },
          body: JSON.stringify({
            model,
            temperature: 0,
            max_tokens: 1200,
            messages: [{
              role: "user",
              content: [{ type: "text", text }, { type: "image_url", image_url: { url } }],
            }],
          }),
        });
        const reply = parseReply(res.bytes, ChatReplySchema, "vision");
        return `Image ${name}, as read by ${model}:\n${reply.choices[0].message.content ?? ""}`;
      }
      if (kind === "audio" && models.transcription) {
        const { model, endpoint } = models.transcription;
        const form = new FormData();
        form.append("model", model);
        form.append("file", new Blob([new Uint8Array(bytes)]), name);
        const res = await fetch(`${base(endpoint)}/audio/transcriptions`, {
          method: "POST",
          headers: { authorization: `Bearer ${endpoint.apiKey.reveal()}` },
          body: form,
          signal: AbortSignal.timeout(LIMITS.timeoutMs),
        }).catch((error) => {
          throw new WebToolError("network", "the transcription endpoint is unreachable", {
            cause: error,
          });
        });
        const body = new Uint8Array(await res.arrayBuffer());
        if (!res.ok) {
          throw new WebToolError("http_status", `transcription answered HTTP ${res.status}`, {
            status: res.status,
          });
        }
        const { text } = parseReply(body, TranscriptionSchema, "transcription");
        return `Transcript of ${name} (${model}):\n${text}`;
      }
      throw new WebToolError("unsupported", `no ${kind} reader is configured`);
    },
  };
}
