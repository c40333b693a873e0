// Where an endpoint may point. In production an endpoint is another system on the internet: never this
// host, its network, a cloud's metadata service or anything else only reachable from inside. The URL is
// checked when it is saved (its host, and every address its name resolves to) and again on each delivery,
// on the address actually connected to (a name may resolve elsewhere later: DNS rebinding); redirects are
// never followed, so a public URL cannot forward a delivery inside either.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES as M } from '@pagecast/contract';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import type { Config } from '../../config.js';
import { ValidationError } from '../../errors.js';

export type UrlRule = Config['outboundWebhooks']['urlRule'];

/** The only ipaddr.js range an endpoint may be in: everything else is loopback, private, reserved, etc. */
const PUBLIC_RANGE = 'unicast';

/** Whether `address` (an IPv4 or IPv6 literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  // ::ffff:127.0.0.1 and the like are the IPv4 address they carry.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === PUBLIC_RANGE;
}

/** The URL's host as an IP literal (brackets off), or null for a name. */
function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** The error of a refused address, as the delivery log shows it. */
export class AddressRefusedError extends Error {
  readonly code = 'ADDRESS_REFUSED';
  constructor(address: string) {
    super(`address refused: ${address} is not a public address`);
  }
}

const fieldError = (message: string) => new ValidationError(message, { url: [message] });

/**
 * Checks a URL an admin saves (create, update) under `rule`: 400 on `url` for http in production, or for a
 * host that is, or resolves to, an address other than a public one. A name that does not resolve now is
 * taken: the check on connect still holds when it does.
 */
export async function assertWebhookUrl(
  url: string,
  rule: UrlRule,
  lookup: typeof dns.promises.lookup = dns.promises.lookup,
): Promise<void> {
  if (rule === 'development') return;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') throw fieldError(M.urlNotHttps);
  const literal = ipLiteral(parsed.hostname);
  if (literal) {
    if (!isPublicAddress(literal)) throw fieldError(M.urlPrivate);
    return;
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(parsed.hostname, { all: true, verbatim: true });
  } catch {
    return;
  }
  if (addresses.some((a) => !isPublicAddress(a.address))) throw fieldError(M.urlPrivate);
}

/**
 * net's lookup, refusing a name with any non-public address among those it resolves to (the connection
 * would take any of them).
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new AddressRefusedError(refused.address), '', 0);
    if (options.all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(
        Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
        '',
        0,
      );
    callback(null, first.address, first.family);
  });
};

/** The HTTP client of deliveries under `rule`: public addresses only in production, keep-alive, no redirects. */
export function deliveryAgent(rule: UrlRule, connections = 64): Agent {
  return new Agent({
    connections,
    keepAliveTimeout: 30_000,
    ...(rule === 'production' ? { connect: { lookup: publicLookup } } : {}),
  });
}

/**
 * The check net's lookup never gets to make: an IP-literal host is connected to as it is. Throws
 * AddressRefusedError for a non-public one in production.
 */
export function assertDeliveryHost(url: URL, rule: UrlRule): void {
  if (rule === 'development') return;
  const literal = ipLiteral(url.hostname);
  if (literal && !isPublicAddress(literal)) throw new AddressRefusedError(literal);
}
