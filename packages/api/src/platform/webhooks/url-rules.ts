/**
 * Where a webhook may be sent (ADR 36). Production: `https` to a public host, never to private,
 * loopback, link-local, CGNAT, multicast or reserved addresses, whether written as an IP literal
 * or (at registration, when the host can resolve names) reached through DNS. Development also
 * takes `http://127.0.0.1:<port>` and `http://localhost:<port>`, so a receiver on the same
 * machine can be tried.
 *
 * At delivery a Worker cannot resolve names itself: the literal and name rules are checked again,
 * not the addresses a name resolves to then (a name that changes to a private address after
 * registration is a known limit, ADR 36).
 */
import type { Environment } from '../environment';

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/** [first address, prefix length] of the IPv4 ranges no webhook may reach. */
const BLOCKED_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** Names of local networks, and the top-level domains reserved never to resolve publicly (RFC 2606, RFC 6761). */
const BLOCKED_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain|example|invalid|test)$/i;

function v4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

function v4Blocked(value: number): boolean {
  return BLOCKED_V4.some(([first, prefix]) => {
    const size = 2 ** (32 - prefix);
    const start = v4Number(first)!;
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null. */
function v6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const value = v4Number(tail[1]!);
    if (value === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = halves.length === 2 ? [...head, ...Array<number>(8 - head.length - rest.length).fill(0), ...rest] : head;
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}

function v6Blocked(groups: number[]): boolean {
  const [first] = groups as [number];
  if (groups.every((group, index) => group === 0 || (index === 7 && group === 1))) return true; // :: and ::1
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  const embedsV4 = groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0xffff || groups[5] === 0); // mapped, compatible
  const nat64 = first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (embedsV4 || nat64) return v4Blocked(groups[6]! * 65536 + groups[7]!);
  return false;
}

/** Whether an address (IPv4 or IPv6, no brackets) is one a webhook may not reach. */
export function isBlockedAddress(address: string): boolean {
  const v4 = v4Number(address);
  if (v4 !== null) return v4Blocked(v4);
  const groups = v6Groups(address.replace(/^\[|\]$/g, ''));
  return groups === null ? true : v6Blocked(groups);
}

const isLocalDevelopmentHost = (host: string) => host === '127.0.0.1' || host === 'localhost';

/** The rules that need no DNS: checked at registration and again before each delivery. */
export function checkWebhookUrl(raw: string, environment: Environment): UrlVerdict {
  if (!URL.canParse(raw)) return { ok: false, reason: 'Enter a full URL, e.g. https://example.com/webhooks.' };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (url.username || url.password) return { ok: false, reason: 'A webhook URL may not carry a user name or password.' };
  if (environment === 'development' && isLocalDevelopmentHost(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, reason: 'A webhook URL must use https.' };
  const literal = v4Number(host) !== null || host.includes(':');
  if (literal ? isBlockedAddress(host) : BLOCKED_NAME.test(host) || !host.includes('.')) {
    return { ok: false, reason: 'A webhook URL must point at a public host, not a private, local or reserved address.' };
  }
  return { ok: true, url };
}

/** Resolves a host name to its addresses (DNS over HTTPS in the Worker). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** At registration: the rules above, then (when names can be resolved) every address the host resolves to must be public. */
export async function checkWebhookUrlAtRegistration(raw: string, environment: Environment, resolve: ResolveHost | undefined): Promise<UrlVerdict> {
  const verdict = checkWebhookUrl(raw, environment);
  if (!verdict.ok || !resolve || environment === 'development') return verdict;
  const host = verdict.url.hostname;
  if (v4Number(host) !== null || host.startsWith('[')) return verdict;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, reason: `The host ${host} could not be resolved; try again.` };
  }
  if (addresses.length === 0) return { ok: false, reason: `The host ${host} does not resolve to any address.` };
  if (addresses.some(isBlockedAddress)) return { ok: false, reason: 'A webhook URL must point at a public host, not a private, local or reserved address.' };
  return verdict;
}
