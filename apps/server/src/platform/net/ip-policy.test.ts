import { describe, expect, it } from 'vitest';
import { checkAddress } from './ip-policy.ts';

describe('checkAddress', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.64.0.1', 'carrier-grade NAT (100.64.0.0/10)'],
    ['100.127.255.254', 'carrier-grade NAT (100.64.0.0/10)'],
    ['0.0.0.0', 'unspecified (0.0.0.0/8)'],
    ['0.1.2.3', 'unspecified (0.0.0.0/8)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local (fc00::/7)'],
    ['fd12:3456::1', 'unique-local (fc00::/7)'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:10.0.0.1', 'private (IPv4 inside IPv6)'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['::127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['::a00:1', 'private (IPv4 inside IPv6)'],
    ['64:ff9b::10.0.0.1', 'private (IPv4 inside IPv6)'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::a9fe:101', 'link-local (IPv4 inside IPv6)'],
    ['64:ff9b::7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['2002:c0a8:101::1', 'private (IPv4 inside IPv6)'],
    ['2002:7f00:1::1', 'loopback (IPv4 inside IPv6)'],
    ['2001::1', 'Teredo'],
  ])('refuses %s as %s', (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '64:ff9b::808:808',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it('allows loopback only when the test-only option says so', () => {
    expect(checkAddress('127.0.0.1', { allowLoopback: true })).toEqual({ allowed: true });
    expect(checkAddress('::1', { allowLoopback: true })).toEqual({ allowed: true });
    expect(checkAddress('::ffff:127.0.0.1', { allowLoopback: true })).toEqual({ allowed: true });
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('0.0.0.0', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', { allowLoopback: true }).allowed).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(checkAddress('not-an-ip')).toEqual({ allowed: false, reason: 'unparseable' });
  });
});
