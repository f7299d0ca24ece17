/**
 * The guarded fetch every web tool uses. Pages the agent reads are untrusted: a link or redirect
 * may point at the machine's own services or a cloud metadata address, and a server may send an
 * endless or huge body. So each hop (the first URL and every redirect) must be http(s) and resolve
 * only to public addresses, redirects are followed by hand up to a limit, the whole exchange
 * (headers and body) has one deadline, and the body is counted as it streams.
 *
 * Limitation: the check resolves the name, then `fetch` resolves it again, so a DNS server that
 * answers differently the second time (rebinding) is not stopped; `fetch` offers no way to pin the
 * address.
 *
 * @module
 */
import { readBytesCapped } from "../../core/strict_json.ts";
import { denoResolve, type ResolvePort } from "./dns_port.ts";
import { isIpLiteral, isPublicAddress } from "./ip_policy.ts";
import type { FetchPort } from "./tool_port.ts";
import { WebToolError } from "./web_error.ts";

/** Size, time and redirect limits of one fetch. */
export interface FetchLimits {
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number;
  /** Deadline for the whole exchange, redirects and body included, in milliseconds. */
  readonly timeoutMs: number;
  /** Most redirects followed. */
  readonly maxRedirects: number;
}

/** Defaults: 5 MiB, 20 s, 5 redirects. */
export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 5,
};

/** Options of {@linkcode safeFetch}. */
export interface SafeFetchOptions {
  readonly fetch: FetchPort;
  /** Name resolution (default: `Deno.resolveDns`). */
  readonly resolve?: ResolvePort;
  /** Skip the address check (tests against 127.0.0.1, configured self-hosted services). */
  readonly allowPrivateAddresses?: boolean;
  readonly limits?: Partial<FetchLimits>;
  /** Accepts or refuses a response's media type (lower case, no parameters). Default: any. */
  readonly acceptContentType?: (mediaType: string) => boolean;
  readonly method?: "GET" | "POST";
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
}

/** A fetched body with where it finally came from. */
export interface FetchedResource {
  /** The URL after redirects. */
  readonly url: string;
  readonly status: number;
  /** Media type, lower case without parameters (`text/html`); empty when the server sent none. */
  readonly mediaType: string;
  /** The full `content-type` header. */
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Sent unless the caller sets its own: many sites refuse requests without a user agent. */
export const USER_AGENT = "Mozilla/5.0 (compatible; automem-research-agent/0.1)";

/** Parses and checks that `raw` is an http(s) URL. */
export function parseWebUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebToolError("bad_url", `not a URL: ${JSON.stringify(raw.slice(0, 200))}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new WebToolError("bad_url", `only http and https URLs are fetched, not ${url.protocol}`);
  }
  return url;
}

/**
 * Refuses `url` unless its host resolves only to public addresses (see `ip_policy.ts`). Names
 * under `localhost` are refused without a lookup, since the system resolver answers them from
 * the hosts file, which a DNS query does not see.
 */
export async function assertPublicHost(url: URL, resolve: ResolvePort): Promise<void> {
  const host = url.hostname.toLowerCase();
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) {
      throw new WebToolError("blocked_address", `refusing ${url.host}: not a public address`);
    }
    return;
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw new WebToolError("blocked_address", `refusing ${url.host}: a loopback name`);
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    throw new WebToolError("dns_failed", `cannot resolve ${host}`, { cause: error });
  }
  if (addresses.length === 0) throw new WebToolError("dns_failed", `cannot resolve ${host}`);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked !== undefined) {
    throw new WebToolError(
      "blocked_address",
      `refusing ${url.host}: it resolves to ${blocked}, which is not a public address`,
    );
  }
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new WebToolError("too_large", `response is ${declared} bytes, limit ${maxBytes}`);
  }
  if (!response.body) return new Uint8Array();
  const body = await readBytesCapped(response.body, maxBytes);
  if (body === null) {
    throw new WebToolError("too_large", `response exceeds the limit of ${maxBytes} bytes`);
  }
  return body;
}

/**
 * Fetches `rawUrl` within the limits, checking every hop's address unless
 * `allowPrivateAddresses`. Throws {@linkcode WebToolError} with `bad_url`, `blocked_address`,
 * `dns_failed`, `too_many_redirects`, `http_status` (status >= 400), `bad_content_type`,
 * `too_large`, `timeout`, `aborted` or `network`.
 */
export async function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions,
): Promise<FetchedResource> {
  const limits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
  const resolve = options.resolve ?? denoResolve;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal;
  try {
    let url = parseWebUrl(rawUrl);
    let method = options.method ?? "GET";
    let body = options.body;
    for (let hop = 0;; hop++) {
      if (!options.allowPrivateAddresses) await assertPublicHost(url, resolve);
      const response = await options.fetch(url, {
        method,
        headers: { "user-agent": USER_AGENT, ...options.headers },
        body,
        redirect: "manual",
        signal,
      });
      if (REDIRECTS.has(response.status) && response.headers.has("location")) {
        await response.body?.cancel();
        if (hop >= limits.maxRedirects) {
          throw new WebToolError(
            "too_many_redirects",
            `more than ${limits.maxRedirects} redirects`,
          );
        }
        url = parseWebUrl(new URL(response.headers.get("location")!, url).href);
        if (response.status !== 307 && response.status !== 308) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      if (response.status >= 400) {
        await response.body?.cancel();
        throw new WebToolError("http_status", `${url.host} answered HTTP ${response.status}`, {
          status: response.status,
        });
      }
      const contentType = response.headers.get("content-type") ?? "";
      const mediaType = mediaTypeOf(contentType);
      if (options.acceptContentType && !options.acceptContentType(mediaType)) {
        await response.body?.cancel();
        throw new WebToolError(
          "bad_content_type",
          `${url.href} is ${mediaType || "of no declared type"}, which this tool does not read`,
        );
      }
      const bytes = await readCapped(response, limits.maxBytes);
      return { url: url.href, status: response.status, mediaType, contentType, bytes };
    }
  } catch (error) {
    if (error instanceof WebToolError) throw error;
    if (deadline.signal.aborted) {
      throw new WebToolError("timeout", `no complete response within ${limits.timeoutMs} ms`);
    }
    if (options.signal?.aborted) throw new WebToolError("aborted", "the fetch was cancelled");
    // Request URLs and headers never carry keys in the message (keys travel in headers/bodies).
    const detail = error instanceof Error ? error.message.slice(0, 200) : String(error);
    throw new WebToolError("network", `fetch failed: ${detail}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
