// What each string format of the documents accepts, as plain predicates shared by validators, generators and the reference server.

import { isIP, isIPv4 } from 'node:net';
import type { Format, Json } from './types.js';

const cidr = (value: string, v4Only: boolean): boolean => {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(value);
  if (!m) return false;
  const [, address, prefix] = m as unknown as [string, string, string];
  const family = isIP(address);
  if (family === 0 || (v4Only && family !== 4)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// RFC 5321 section 4.1.2, the reading of JSON Schema's `format: email` (DECISIONS 19).
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_STRING = `${ATOM}(?:\\.${ATOM})*`;
const QUOTED_STRING = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*"';
const SUB_DOMAIN = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const DOMAIN = `${SUB_DOMAIN}(?:\\.${SUB_DOMAIN})*`;
const MAILBOX = new RegExp(`^(?:${DOT_STRING}|${QUOTED_STRING})@(?:${DOMAIN}|\\[([^\\[\\]\\\\]+)\\])$`);
const TAGGED_LITERAL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?:[\x21-\x5a\x5e-\x7e]+$/;
/** Longest local part and domain in octets (RFC 5321 section 4.5.3.1). */
const LOCAL_PART_MAX = 64;
const DOMAIN_MAX = 255;

/**
 * An RFC 5321 mailbox: a dot-string or quoted local part, `@`, and a domain of one or more labels
 * (`a@example` and `ops@localhost` are mailboxes) or an address literal (`[192.0.2.1]`,
 * `[IPv6:2001:db8::1]`).
 */
function isMailbox(value: string): boolean {
  const m = MAILBOX.exec(value);
  if (!m) return false;
  const at = value.lastIndexOf('@');
  if (at > LOCAL_PART_MAX || value.length - at - 1 > DOMAIN_MAX) return false;
  const literal = m[1];
  if (literal === undefined) return true;
  if (/^ipv6:/i.test(literal)) return isIP(literal.slice(5)) === 6;
  return isIP(literal) === 4 || (!isIP(literal) && TAGGED_LITERAL.test(literal));
}

/** Predicates of the formats whose reading is cloudconf's (JSON Schema validators know some under other readings). */
export const formatPredicates: Record<string, (value: string) => boolean> = {
  email: isMailbox,
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

/**
 * Values of a format that the documents allow and a stricter reading refuses (an email domain of one
 * label, DECISIONS 19): a server must accept each, so each is a case of the accepting side of the
 * format requirement of every field that has the format.
 */
export const formatEdges: Partial<Record<Format, readonly string[]>> = {
  email: ['a@example', 'ops@localhost'],
};

/**
 * One member of each kind of JSON value, `null` and nesting included: what "valid JSON" allows as a
 * member of an object whose members are free (`stackscript_data`), so a server must accept them all.
 */
export const everyJsonKind: { readonly [key: string]: Json } = {
  cc_null: null,
  cc_true: true,
  cc_number: -12.5,
  cc_string: '',
  cc_array: [null, 0, 'a', [], {}],
  cc_object: { nested: { deeper: null } },
};
