// Conformance of the ips area (Part 3): one test per requirement.

import { conformance } from '../support/author.js';
import {
  atMostOnePrivate,
  extraPublicRefused,
  notLastPublic,
  nullRestoresDefault,
  publicOrPrivate,
  rdnsApplied,
  rdnsInRecord,
} from './ips/addresses.js';
import { everyVpcInterface, notNatTarget } from './ips/vpc.js';

conformance('ips', {
  'ips/list/every-vpc-interface': everyVpcInterface,
  'ips/allocate/public-or-private': publicOrPrivate,
  'ips/allocate/at-most-one-private': atMostOnePrivate,
  'ips/allocate/extra-public-needs-support-request': extraPublicRefused,
  'ips/rdns-in-record': rdnsInRecord,
  'ips/update/rdns-applied': rdnsApplied,
  'ips/update/null-restores-default': nullRestoresDefault,
  'ips/delete/not-last-public-ipv4': notLastPublic,
  'ips/delete/not-nat-target': notNatTarget,
});
