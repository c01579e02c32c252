import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../errors/app-error';

/** IPv4 blocks that are not the public internet (the RFC 6890 special-purpose registry). */
const SPECIAL_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network": Linux connects 0.0.0.0 to the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved and broadcast
] as const) {
  SPECIAL_V4.addSubnet(net, prefix, 'ipv4');
}

/** Special-purpose blocks inside 2000::/3: Teredo and friends, documentation. */
const SPECIAL_V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  SPECIAL_V6.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail split. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head, tail] = address.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether an address is on the public internet. IPv6 must be global unicast (2000::/3); the forms
 * that carry an IPv4 address a gateway may connect to (IPv4-mapped, NAT64 64:ff9b::/96, 6to4) are
 * judged by that embedded address, so none of them is a way round the IPv4 rules. IPv4-compatible
 * ::/96 and local-use NAT64 64:ff9b:1::/48 lie outside 2000::/3 and are refused whole.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !SPECIAL_V4.check(bare, 'ipv4');
  if (family !== 6) return false;
  const g = ipv6Groups(bare);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicAddress(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicAddress(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isPublicAddress(ipv4Of(g[1]!, g[2]!));
  return (g[0]! & 0xe000) === 0x2000 && !SPECIAL_V6.check(bare, 'ipv6');
}

/** How a host name becomes addresses; tests inject one to play a rebinding DNS server. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

export interface HostGuard {
  resolve?: Resolve;
  isPublic?: (address: string) => boolean;
}

export const refusedSubject = (message = 'The subject URL must point to a public host') =>
  AppError.badRequest(message, 'INVALID_SUBJECT');

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Refuses, without a DNS lookup, a URL whose host is a literal non-public address (in any of the
 * spellings the URL parser folds into one, such as 2130706433 or 0x7f.1) or a localhost name, so a
 * request naming one is turned away when it is validated, before any provider runs.
 */
export function assertPublicLiteral(url: string): void {
  const host = hostOf(new URL(url)).replace(/\.$/, '').toLowerCase();
  const local = isIP(host) ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost');
  if (local) throw refusedSubject();
}

/**
 * Resolves the URL's host once and answers its addresses when every one of them is public; the
 * caller must connect to exactly these, since a second lookup may answer something else.
 */
export async function publicAddresses(url: URL, guard: HostGuard = {}): Promise<LookupAddress[]> {
  const { resolve = systemResolve, isPublic = isPublicAddress } = guard;
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await resolve(host).catch(() => []);
  if (addresses.length === 0 || !addresses.every(({ address }) => isPublic(address))) throw refusedSubject();
  return addresses;
}
