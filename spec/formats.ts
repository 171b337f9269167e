// What each string format of the documents accepts, as plain predicates shared by validators, generators and the reference server.

import { isIP, isIPv4 } from 'node:net';

const cidr = (value: string, v4Only: boolean): boolean => {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(value);
  if (!m) return false;
  const [, address, prefix] = m as unknown as [string, string, string];
  const family = isIP(address);
  if (family === 0 || (v4Only && family !== 4)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Predicates for the formats JSON Schema validators do not know. */
export const formatPredicates: Record<string, (value: string) => boolean> = {
  ip: (v) => isIP(v) !== 0,
  'ip-cidr': (v) => cidr(v, false),
  'ipv4-cidr': (v) => cidr(v, true),
  /** `ip/netmask`: an address with its prefix length, host bits allowed (`10.0.0.5/24`). */
  'ip-netmask': (v) => cidr(v, false),
  byte: (v) => BASE64.test(v),
  /** Passwords and phone numbers have no documented syntax: the format is an annotation. */
  password: () => true,
  phone: () => true,
};

/** Whether an IPv4 range is written canonically: no host bits set below the prefix. */
export function isCanonicalIpv4Cidr(value: string): boolean {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(value);
  const address = m?.[1] ?? '';
  const prefix = Number(m?.[2]);
  // Canonical form has no leading zeros in octets and no host bits set.
  if (!isIPv4(address) || /(^|\.)0\d/.test(address) || prefix > 32) return false;
  const n = address.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  return n % 2 ** (32 - prefix) === 0;
}
