import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { webhookMessages } from "@agency/contract";

/** A host's addresses, as the system's resolver gives them (tests give their own). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Where the shop may send: in production only public addresses, so an endpoint cannot make the
 * shop call its own network (its database, cloud metadata, a router). Outside production loopback
 * and the rest are allowed, so a receiver on this machine works in development and tests.
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
  ["64:ff9b::", 96], // NAT64 reaches IPv4 addresses, private ones too
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** True for an address the shop must not call in production (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return notPublic.check(address, "ipv4");
  if (family === 6) return notPublic.check(address, "ipv6");
  return true;
}

export class AddressRefused extends Error {}

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
 * Checks an address the owner saves: outside production any http(s) address is taken as it is;
 * in production its host must resolve, to public addresses only.
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
