import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { webhookMessages } from "@agency/contract";

/** A host's addresses, as the system's resolver gives them (tests give their own). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Where the shop may send: only public addresses, so an endpoint cannot make the shop call its own
 * network (its database, cloud metadata, a router), whatever NODE_ENV is (`npm start` runs in
 * development). WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows the rest, for a receiver on this machine.
 */
export type AddressRules = { allowPrivate: boolean; resolve: Resolver };

/** Not the public internet: this host, private and shared networks, link-local, multicast, reserved. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and IPv4-compatible
  // NAT64, 6to4 and Teredo carry an IPv4 address inside (2002:a9fe:a9fe:: is 169.254.169.254),
  // which a gateway on the way may unwrap into the shop's own network.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48], // local-use NAT64
  ["2002::", 16], // 6to4
  ["2001::", 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/**
 * True for an address the shop must not call (unless private targets are allowed). An IPv4-mapped
 * address (::ffff:7f00:1) is that IPv4 address on this host's stack; BlockList checks it against
 * the IPv4 rules.
 */
function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, "ipv4");
  if (family === 6) return notPublic.check(address, "ipv6");
  return true;
}

class AddressRefused extends Error {}

/** A URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * The address a call to `url` connects to: the host's addresses are resolved once and every one
 * of them checked, and the call then goes to the first one (never resolved again), so a name that
 * answers differently the second time (DNS rebinding) cannot lead the shop into its own network.
 */
export async function resolveTarget(
  url: URL,
  rules: AddressRules,
): Promise<{ address: string; family: number }> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch {
      addresses = [];
    }
  }
  const [first] = addresses;
  if (!first) throw new AddressRefused(webhookMessages.urlUnresolvable);
  if (!rules.allowPrivate && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new AddressRefused(webhookMessages.urlPrivate);
  }
  return first;
}

/**
 * Checks an address the owner saves: its host must resolve, to public addresses only (WHATWG URL
 * parsing has already written `127.1`, `0x7f.1` or `2130706433` as 127.0.0.1), unless private
 * targets are allowed, when any http(s) address is taken as it is.
 */
export async function refusalOf(url: string, rules: AddressRules): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return webhookMessages.urlInvalid;
  if (rules.allowPrivate) return null;
  try {
    await resolveTarget(parsed, rules);
    return null;
  } catch (error) {
    if (error instanceof AddressRefused) return error.message;
    throw error;
  }
}
