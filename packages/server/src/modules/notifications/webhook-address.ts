import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may reach (docs/decisions.md "Webhook URLs"): public ones only, so an
 * administrator cannot make the server POST into its own network (the metadata service, the database,
 * a router's admin page). Checked when a URL is saved (a literal address, or a name that resolves to a
 * private one, is code 1 naming `url`) and again when each POST connects: the connection goes to the
 * address the check passed (the lookup is the check), so a name that later resolves elsewhere (DNS
 * rebinding) reaches nothing private either.
 *
 * Allowed besides: loopback on a server in AUTOMATED_TEST_MODE (the tests' and journeys' receivers), and
 * the networks of WEBHOOK_ALLOW_PRIVATE_NETWORKS (docs/deployment.md), for receivers inside a site.
 */

const NOT_PUBLIC_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const NOT_PUBLIC_V6 = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;

const notPublic = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(net, prefix, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export interface DestinationPolicy {
  /** Loopback allowed (AUTOMATED_TEST_MODE). */
  loopback: boolean;
  /** CIDRs allowed although private (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  allowed: readonly string[];
}

export function destinationPolicy(config: {
  automatedTestMode: boolean;
  webhookPrivateNetworks: readonly string[];
}): DestinationPolicy {
  return { loopback: config.automatedTestMode, allowed: config.webhookPrivateNetworks };
}

/** `10.1.0.0/16`, `fd00::/8` or one address: a BlockList of the allowed networks. */
function allowedList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.trim().split('/') as [string, string | undefined];
    const family = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(net)) continue;
    if (bits === undefined) list.addAddress(net, family);
    else list.addSubnet(net, Number(bits), family);
  }
  return list;
}

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether a POST may go to this address under the policy. */
export function addressAllowed(policy: DestinationPolicy, raw: string): boolean {
  const { address, family } = unmapped(raw);
  if (!notPublic.check(address, family)) return true;
  if (policy.loopback && loopback.check(address, family)) return true;
  return allowedList(policy.allowed).check(address, family);
}

export class PrivateAddressError extends Error {
  readonly code = 'PRIVATE_ADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private address`);
    this.name = 'PrivateAddressError';
  }
}

/** `[::1]` → `::1`. */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * The check on save: a literal private address, or a name resolving to one, answers the reason; a name
 * that does not resolve (yet) passes: each POST checks again when it connects.
 */
export async function privateDestination(policy: DestinationPolicy, url: string): Promise<string | null> {
  const host = bare(new URL(url).hostname);
  const addresses: string[] = isIP(host)
    ? [host]
    : await new Promise((resolve) =>
        dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found.map((a) => a.address))),
      );
  const refused = addresses.find((a) => !addressAllowed(policy, a));
  return refused ? `resolves to the private address ${refused}` : null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves the name and refuses the connection when any address is not
 * allowed, so the socket only ever opens to an address that passed.
 */
export function guardedLookup(policy: DestinationPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const refused = found.find((a) => !addressAllowed(policy, a.address));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
      if (options.all) return callback(null, found);
      const first = found[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** A literal address in the URL skips the lookup: checked here before connecting. */
export function literalRefused(policy: DestinationPolicy, url: URL): PrivateAddressError | null {
  const host = bare(url.hostname);
  return isIP(host) && !addressAllowed(policy, host) ? new PrivateAddressError(host, host) : null;
}
