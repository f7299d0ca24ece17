/**
 * The one adapter over `ipaddr.js`: which addresses the fetch tools may connect to. Only global
 * unicast addresses pass; loopback, private, link-local (cloud metadata), unique-local,
 * carrier-grade NAT, multicast, reserved and unspecified ranges do not, and an IPv4-mapped IPv6
 * address is judged by the IPv4 address inside it. The deprecated IPv4-compatible form
 * (`[::127.0.0.1]`, the first 96 bits zero) is never public: `ipaddr.js` calls it unicast, yet
 * a stack that still routes it reaches the IPv4 address inside.
 *
 * @module
 */
import ipaddr from "npm:ipaddr.js@2.5.0";

/** Whether `text` is an IPv4 or IPv6 address literal (brackets of URL hosts removed first). */
export function isIpLiteral(text: string): boolean {
  return ipaddr.isValid(unbracket(text));
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** The named range of an address (`unicast`, `loopback`, `private`, `linkLocal`, ...). */
export function addressRange(address: string): string {
  let parsed = ipaddr.parse(unbracket(address));
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((p) => p === 0) && v6.range() === "unicast") {
      return "ipv4Compatible";
    }
  }
  return parsed.range();
}

/** Whether connecting to `address` reaches the public internet only. Invalid text is not public. */
export function isPublicAddress(address: string): boolean {
  if (!isIpLiteral(address)) return false;
  return addressRange(address) === "unicast";
}
