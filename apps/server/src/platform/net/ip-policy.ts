import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Tests only: let 127.0.0.0/8 and ::1 through so a local test server can be reached. */
  allowLoopback?: boolean;
}

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/** Cloud metadata endpoints, named in the refusal so an operator sees what was attempted. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);

const IPV4_REASONS: Record<string, string> = {
  unspecified: 'unspecified (0.0.0.0/8)',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved (AS112)',
  amt: 'reserved (AMT)',
};

const IPV6_REASONS: Record<string, string> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'unique-local (fc00::/7)',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard-only',
  rfc6145: 'IPv4-translated',
  teredo: 'Teredo',
  benchmarking: 'benchmarking',
  amt: 'reserved (AMT)',
  as112v6: 'reserved (AS112)',
  deprecatedOrchid: 'reserved (ORCHID)',
  orchid2: 'reserved (ORCHIDv2)',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'segment-routing',
  reserved: 'reserved',
};

/**
 * Decides whether the server may open a connection to `address` (an IP literal). Only public unicast
 * addresses pass. IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, the deprecated
 * IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4 2002::/16) are judged by the IPv4 address
 * they carry, so `::ffff:127.0.0.1`, `::ffff:7f00:1` and `64:ff9b::a00:1` are refused like the
 * addresses they wrap.
 */
export function checkAddress(address: string, policy: AddressPolicy = {}): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, reason: 'unparseable' };
  const parsed = ipaddr.parse(address);
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) {
    return { allowed: false, reason: 'cloud metadata' };
  }
  if (parsed.kind() === 'ipv4') return checkIpv4(parsed as ipaddr.IPv4, policy);
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) {
    if (METADATA_ADDRESSES.has(embedded.toString())) return { allowed: false, reason: 'cloud metadata' };
    const verdict = checkIpv4(embedded, policy);
    return verdict.allowed ? verdict : { allowed: false, reason: `${verdict.reason} (IPv4 inside IPv6)` };
  }
  const range = v6.range();
  if (range === 'unicast') return { allowed: true };
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true };
  return { allowed: false, reason: IPV6_REASONS[range] ?? range };
}

function checkIpv4(address: ipaddr.IPv4, policy: AddressPolicy): AddressVerdict {
  const range = address.range();
  if (range === 'unicast') return { allowed: true };
  if (range === 'loopback' && policy.allowLoopback) return { allowed: true };
  return { allowed: false, reason: IPV4_REASONS[range] ?? range };
}

/** The IPv4 address an IPv6 address carries, for the forms that route to it. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const low32 = () => new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  // IPv4-compatible ::a.b.c.d (deprecated); :: and ::1 themselves are left to the range table.
  if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) return low32();
  // NAT64 well-known prefix 64:ff9b::/96.
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0)) return low32();
  // 6to4 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
  if (parts[0] === 0x2002) {
    return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff]);
  }
  return undefined;
}
