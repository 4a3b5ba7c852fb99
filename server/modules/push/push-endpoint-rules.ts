import { BlockList, isIP } from 'node:net';

/*
 * Where the server may send a push (docs/push.md "Which endpoints"): an https: URL on a public
 * host, unless the endpoint starts with one of PUSH_ALLOWED_ENDPOINTS. Checked when a browser
 * subscribes (the URL itself: scheme, `localhost`, IP literals) and again, on every address the
 * host resolves to, just before each send (push.sender.ts), so a name that points inside the
 * network reaches nothing.
 */

/** Networks that are not the public Internet, IPv4 and IPv6 (IANA special-purpose registries). */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address, as numbers (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/** The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-mapped, NAT64, 6to4. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]); // ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6], g[7]); // 64:ff9b::a.b.c.d
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 2002:aabb:ccdd::
  return undefined;
}

/** Whether an IP address is on the public Internet: not loopback, private, link-local, ULA, CGNAT, multicast, unspecified, reserved, nor a mapped form of those. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !NON_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== undefined) return !NON_PUBLIC.check(inner, 'ipv4');
  return !NON_PUBLIC.check(bare, 'ipv6');
}

/** Whether the endpoint starts with one of the allowed prefixes: the same origin, and the prefix's path as the start of its path. */
export function allowedByPrefix(endpoint: URL, allowed: readonly string[]): boolean {
  return allowed.some((prefix) => {
    const url = URL.parse(prefix);
    return url !== null && url.origin === endpoint.origin && endpoint.pathname.startsWith(url.pathname) && !endpoint.username && !endpoint.password;
  });
}

/** A URL's host as an address or name: IPv6 brackets and a trailing dot removed, lower case. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();

/**
 * Why an endpoint may not be subscribed, or undefined when it may: its URL alone decides (the name
 * is resolved at each send, where `isPublicAddress` applies to every address).
 */
export function endpointRefusal(endpoint: string, allowed: readonly string[]): string | undefined {
  const url = URL.parse(endpoint);
  if (!url) return 'endpoint must be an absolute URL';
  if (allowedByPrefix(url, allowed)) return undefined;
  if (url.protocol !== 'https:') return 'endpoint must be an https: URL';
  if (url.username || url.password) return 'endpoint must not contain a user name or password';
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? undefined : 'endpoint must be on a public host, not a private or reserved address';
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'endpoint must be on a public host';
  return undefined;
}
