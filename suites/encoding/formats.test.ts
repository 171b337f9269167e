// Unit tests of the format predicates the encoding relies on.

import { describe, expect, test } from 'vitest';
import { formatPredicates, isCanonicalIpv4Cidr } from '../../spec/formats.js';

describe('canonical IPv4 CIDR', () => {
  test.each(['10.0.0.0/24', '0.0.0.0/0', '192.168.1.128/25', '10.1.2.3/32'])('%s is canonical', (v) => {
    expect(isCanonicalIpv4Cidr(v)).toBe(true);
  });
  test.each(['10.0.0.1/24', '1.0.0.0/0', '10.0.0.0/33', '010.0.0.0/24', '10.0.0.0', '::/0', 'x'])('%s is not', (v) => {
    expect(isCanonicalIpv4Cidr(v)).toBe(false);
  });
});

describe('formats', () => {
  test.each([
    ['ip', '10.0.0.1', true],
    ['ip', '2001:db8::1', true],
    ['ip', '10.0.0.256', false],
    ['ipv4-cidr', '10.0.0.0/8', true],
    ['ipv4-cidr', '2001:db8::/32', false],
    ['ip-cidr', '2001:db8::/32', true],
    ['ip-netmask', '10.0.0.5/24', true],
    ['ip-netmask', '10.0.0.5', false],
    ['byte', 'aGVsbG8=', true],
    ['byte', 'not base64!', false],
    // An RFC 5321 mailbox (DECISIONS 19): a domain of one label, a quoted local part, address literals.
    ['email', 'a@example', true],
    ['email', 'ops@localhost', true],
    ['email', 'first.last+tag@mail.example.com', true],
    ['email', '"a b"@example.com', true],
    ['email', 'a@[192.0.2.1]', true],
    ['email', 'a@[IPv6:2001:db8::1]', true],
    ['email', 'not-an-email', false],
    ['email', '@example.com', false],
    ['email', 'a@', false],
    ['email', 'a..b@example.com', false],
    ['email', 'a@-example.com', false],
    ['email', 'a@[300.1.2.3]', false],
    ['email', `${'a'.repeat(65)}@example.com`, false],
  ] as const)('%s accepts %s: %s', (format, value, ok) => {
    expect(formatPredicates[format]?.(value)).toBe(ok);
  });
});
