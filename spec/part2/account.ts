// The account record, region availability, cancellation, network utilization, account settings and promo credits (Part 2): fields, operations, rules, errors and limits.

import { defineArea } from '../area.js';
import {
  bodyOf,
  bool,
  forbiddenCharacters,
  jsonBody,
  length,
  matches,
  maxLength,
  notShownResponse,
  objectOf,
  oneOf,
  operations,
  req,
  scoped,
  source,
  str,
} from '../build.js';
import { on, onResource, proseOf } from '../prose.js';
import { fieldsSection } from '../sections.js';
import type { CrossRule, Requirement, Resource } from '../types.js';

const accountSection = 'Endpoints > Account';
const prose = proseOf(2);

/** The assigned ISO 3166-1 alpha-2 country codes (249). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/**
 * Codes accepted in `state` for a US billing address: the 50 states, DC, the five inhabited territories
 * with postal codes (AS, GU, MP, PR, VI) and the military codes AA, AE, AP.
 */
export const US_STATE_CODES: readonly string[] = (
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR ' +
  'PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI AA AE AP'
).split(' ');

/** Codes accepted in `state` for a CA billing address: the 10 provinces and 3 territories. */
export const CA_PROVINCE_CODES: readonly string[] = 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ');

/** A promo credit can only be added while the account is younger than this many days. */
export const PROMO_MAX_ACCOUNT_AGE_DAYS = 90;

/** Characters a name or company must not include: angle brackets, parentheses, double quote, equals sign. */
const NAME_FORBIDDEN = '<>()"=';
const personName = [maxLength(50), forbiddenCharacters(NAME_FORBIDDEN)];

const stateCode: CrossRule = {
  id: 'state-code-us-ca',
  kind: 'conditional-values',
  fields: ['state', 'country'],
  params: { keyField: 'country', values: { US: [...US_STATE_CODES], CA: [...CA_PROVINCE_CODES] } },
  text: 'when the billing address country (as sent, else as stored) is US or CA, `state` must be one of the two-letter state, territory, military (AA, AE, AP) or province codes of that country.',
};

export const account: Resource = {
  id: 'account',
  title: 'Account (update body)',
  source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
  notShown: 'the fields of the account record returned by Account View',
  fields: [
    str('first_name', { update: 'optional', rules: personName }),
    str('last_name', { update: 'optional', rules: personName }),
    str('company', { update: 'optional', rules: [maxLength(128), forbiddenCharacters(NAME_FORBIDDEN)] }),
    str('email', { update: 'optional', rules: [maxLength(128)] }),
    str('phone', { update: 'optional', rules: [maxLength(32)] }),
    str('address_1', { update: 'optional', rules: [maxLength(64)] }),
    str('address_2', { update: 'optional', rules: [maxLength(64)] }),
    str('city', { update: 'optional', rules: [maxLength(24)] }),
    str('state', {
      update: 'optional',
      rules: [maxLength(24)],
      description: 'two-letter state or province code for a US or CA address; the province elsewhere',
    }),
    str('country', {
      update: 'optional',
      rules: [oneOf(...COUNTRY_CODES)],
      description: 'two-letter ISO 3166 country code',
    }),
    str('zip', {
      update: 'optional',
      rules: [
        matches('characters', '^[A-Za-z0-9-]*$', 'contain only ASCII letters, digits and hyphens'),
        {
          kind: 'count',
          id: 'letters-and-digits',
          charClass: '[A-Za-z0-9]',
          max: 9,
          text: 'hold at most 9 letters and digits (hyphens not counted)',
        },
      ],
    }),
    str('tax_id', {
      update: 'optional',
      rules: [maxLength(25)],
      description: 'an empty string where no tax is collected',
    }),
  ],
  rules: [stateCode],
};

export const accountSettings: Resource = {
  id: 'account-settings',
  title: 'Account settings',
  source: source(2, `${fieldsSection} > Account settings`),
  notShown:
    'the full field list of the settings record, including the names of the managed and longview subscription fields',
  fields: [
    bool('backups_enabled', {
      update: 'optional',
      description: 'account-wide default; true enrolls every newly created instance in the backup service',
    }),
    bool('network_helper', {
      update: 'optional',
      description: 'enables the network helper by default for new instances and configuration profiles',
    }),
  ],
};

const ops = operations(2, 'account', [
  {
    id: 'account/view',
    name: 'Account View',
    method: 'GET',
    path: '/account',
    response: objectOf(undefined, 'contact and billing information; the record fields are not shown'),
    auth: scoped('account:read_only'),
    summary: 'Returns the contact and billing information of the account.',
    section: accountSection,
  },
  {
    id: 'account/update',
    name: 'Account Update',
    method: 'PUT',
    path: '/account',
    body: bodyOf(account, 'update'),
    response: notShownResponse('the response of Account Update is not shown'),
    auth: scoped('account:read_write'),
    effects: ['account-wide'],
    summary: 'Updates the contact and billing information of the account.',
    section: accountSection,
  },
  {
    id: 'account/availability/list',
    name: 'Region Availability List',
    method: 'GET',
    root: 'beta',
    path: '/account/availability',
    response: notShownResponse('service unavailability for all regions; its shape is not shown'),
    auth: scoped('account:read_only'),
    access: { note: 'authorized users only' },
    status: { kind: 'beta' },
    summary: 'Reports service unavailability for all regions (beta).',
    section: accountSection,
  },
  {
    id: 'account/availability/view',
    name: 'Region Availability View',
    method: 'GET',
    root: 'beta',
    path: '/account/availability/{id}',
    params: { id: { type: 'string', description: 'region ID' } },
    response: objectOf(undefined, 'availability of one region; the record fields are not shown'),
    auth: scoped('account:read_only'),
    status: { kind: 'beta' },
    summary: 'Reports service availability for one region (beta).',
    section: accountSection,
  },
  {
    id: 'account/cancel',
    name: 'Account Cancel',
    method: 'POST',
    path: '/account/cancel',
    body: jsonBody([str('comments', { description: 'optional comments on the cancellation' })]),
    response: notShownResponse('the response of Account Cancel is not shown'),
    auth: scoped('account:read_write'),
    access: {
      unrestrictedOnly: true,
      note: 'restricted users cannot cancel, although the grants structure has a `cancel_account` grant',
    },
    effects: ['billing', 'irreversible', 'destructive', 'account-wide'],
    summary: 'Cancels the account, charging the card on file for the remaining balance.',
    section: accountSection,
  },
  {
    id: 'account/transfer',
    name: 'Network Utilization View',
    method: 'GET',
    path: '/account/transfer',
    response: objectOf(undefined, 'network utilization in GB for the current month; the record fields are not shown'),
    auth: scoped('account:read_only'),
    summary: 'Returns the network utilization of the current month, in GB.',
    section: accountSection,
  },
  {
    id: 'account/settings/view',
    name: 'Account Settings View',
    method: 'GET',
    path: '/account/settings',
    response: objectOf('account-settings', 'the full field list of the settings record'),
    auth: scoped('account:read_only'),
    summary: 'Returns the account settings.',
    section: accountSection,
  },
  {
    id: 'account/settings/update',
    name: 'Account Settings Update',
    method: 'PUT',
    path: '/account/settings',
    body: bodyOf(accountSettings, 'update'),
    response: notShownResponse('the response of Account Settings Update is not shown'),
    auth: scoped('account:read_write'),
    effects: ['account-wide'],
    summary: 'Updates the account-wide backup and network helper defaults.',
    section: accountSection,
  },
  {
    id: 'account/settings/managed-enable',
    name: 'Managed Enable',
    method: 'POST',
    path: '/account/settings/managed-enable',
    response: notShownResponse('the response of Managed Enable is not shown'),
    auth: scoped('account:read_write'),
    effects: ['account-wide', 'sends-email', 'billing'],
    summary: 'Enables managed monitoring for the whole account and sends a welcome email.',
    section: accountSection,
  },
  {
    id: 'account/promo-codes/add',
    name: 'Promo Credit Add',
    method: 'POST',
    path: '/account/promo-codes',
    body: jsonBody([req(str('promo_code', { rules: [length(1, 32)], description: 'the promo code to redeem' }))]),
    response: notShownResponse('the response of Promo Credit Add is not shown'),
    auth: scoped('account:read_only', 'account:read_only (as listed, although the operation adds a credit)'),
    access: { unrestrictedOnly: true, note: 'the caller being unrestricted is one of the promo credit conditions' },
    effects: ['billing', 'irreversible'],
    summary: 'Adds an expiring promo credit to the account.',
    section: accountSection,
  },
]);

const settingsField = (field: string): Requirement['subject'] => onResource('account-settings', field);
const settingsSection = `${fieldsSection} > Account settings`;

const requirements: Requirement[] = [
  prose(
    'account/update/persisted',
    'SHOULD',
    'After a successful Account Update, Account View reports each field sent with the value sent, under the same name.',
    on('account/update'),
    'persistence',
    accountSection,
    true,
  ),
  prose(
    'account/update/tax-id-empty-accepted',
    'MUST',
    'Account Update accepts an empty string as `tax_id`, the value for an account where no tax is collected.',
    on('account/update', 'tax_id'),
    'behaviour',
    `${fieldsSection} > Account (update body; all fields optional)`,
  ),
  prose(
    'account/availability/list/all-regions',
    'MUST',
    'Region Availability List reports service unavailability for every region.',
    on('account/availability/list'),
    'response',
    accountSection,
  ),
  prose(
    'account/availability/view/one-region',
    'MUST',
    'Region Availability View reports the availability of the region named by `id`.',
    on('account/availability/view', 'id'),
    'response',
    accountSection,
  ),
  prose(
    'account/availability/view/unknown-region',
    'SHOULD',
    'Region Availability View answers 404 for a region id that does not exist.',
    on('account/availability/view', 'id'),
    'status',
    accountSection,
    true,
  ),
  prose(
    'account/cancel/cancels-account',
    'MUST',
    'A successful Account Cancel cancels the account.',
    on('account/cancel'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/cancel/charges-remaining-balance',
    'MUST',
    'Account Cancel charges the card on file for the remaining balance.',
    on('account/cancel'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/cancel/charge-failure-error',
    'MUST',
    'Account Cancel answers an error when the charge of the remaining balance to the card on file fails.',
    on('account/cancel'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/transfer/current-month-gb',
    'MUST',
    'Network Utilization View reports the network utilization of the current month in GB.',
    on('account/transfer'),
    'response',
    accountSection,
  ),
  prose(
    'account/settings/view/reports-subscriptions',
    'MUST',
    'The settings record reports the managed-service subscription and the longview subscription.',
    on('account/settings/view'),
    'response',
    settingsSection,
  ),
  prose(
    'account/settings/update/persisted',
    'MUST',
    'After a successful Account Settings Update, Account Settings View reports each setting sent with the value sent.',
    on('account/settings/update'),
    'persistence',
    accountSection,
  ),
  prose(
    'account/settings/update/omitted-unchanged',
    'SHOULD',
    'A setting omitted from the Account Settings Update body keeps its value.',
    on('account/settings/update'),
    'persistence',
    accountSection,
    true,
  ),
  prose(
    'account/backups-enabled-enrolls-new-instances',
    'MUST',
    'While `backups_enabled` is true, every newly created instance is enrolled in the backup service.',
    settingsField('backups_enabled'),
    'behaviour',
    settingsSection,
  ),
  prose(
    'account/backups-disabled-leaves-enrollment',
    'MUST',
    'While `backups_enabled` is false, a new instance is enrolled in the backup service only when enrollment is asked for at creation or later.',
    settingsField('backups_enabled'),
    'behaviour',
    settingsSection,
  ),
  prose(
    'account/network-helper-default',
    'MUST',
    'While `network_helper` is true, new instances and configuration profiles have the network helper enabled by default.',
    settingsField('network_helper'),
    'behaviour',
    settingsSection,
  ),
  prose(
    'account/settings/managed-enable/enables-managed',
    'MUST',
    'A successful Managed Enable turns on managed monitoring for the whole account.',
    on('account/settings/managed-enable'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/settings/managed-enable/welcome-email',
    'MUST',
    'Managed Enable sends a welcome email to the account email address.',
    on('account/settings/managed-enable'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/promo-codes/add/adds-expiring-credit',
    'MUST',
    'A successful Promo Credit Add adds an expiring promo credit to the account.',
    on('account/promo-codes/add'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/promo-codes/add/account-younger-than-90-days',
    'MUST',
    `Promo Credit Add is rejected when the account is ${PROMO_MAX_ACCOUNT_AGE_DAYS} days old or older.`,
    on('account/promo-codes/add'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/promo-codes/add/one-promo-credit',
    'MUST',
    'Promo Credit Add is rejected when the account already has a promo credit.',
    on('account/promo-codes/add'),
    'behaviour',
    accountSection,
  ),
  prose(
    'account/promo-codes/add/valid-unexpired-code',
    'MUST',
    'Promo Credit Add is rejected when the promo code is not valid or has expired.',
    on('account/promo-codes/add', 'promo_code'),
    'behaviour',
    accountSection,
  ),
];

const errors = source(2, 'Errors');

export const area = defineArea(2, 'account', {
  resources: [account, accountSettings],
  operations: ops,
  requirements,
  errors: [
    {
      id: 'account-cancel-charge-fails',
      condition: 'Account Cancel when the card charge fails',
      behaviour: 'an error occurs',
      operations: ['account/cancel'],
      requirements: ['account/cancel/charge-failure-error'],
    },
    {
      id: 'account-cancel-restricted-user',
      condition: 'Account Cancel by a restricted user',
      behaviour: 'not possible',
      operations: ['account/cancel'],
      requirements: ['account/cancel/access/unrestricted-only'],
    },
    {
      id: 'promo-credit-conditions-not-met',
      condition: 'Promo credit conditions not met',
      behaviour: 'rejected',
      operations: ['account/promo-codes/add'],
      requirements: [
        'account/promo-codes/add/account-younger-than-90-days',
        'account/promo-codes/add/one-promo-credit',
        'account/promo-codes/add/access/unrestricted-only',
        'account/promo-codes/add/valid-unexpired-code',
      ],
    },
  ],
  limits: [
    {
      item: 'Promo credit eligibility',
      limit: 'account younger than 90 days',
      encodedAt: [],
      numbers: [PROMO_MAX_ACCOUNT_AGE_DAYS],
      note: 'an account age is no body value; held by requirement account/promo-codes/add/account-younger-than-90-days',
    },
    {
      item: 'Account field lengths',
      limit: 'as in the Account table',
      encodedAt: [],
      numbers: [],
      note: 'the row states no number of its own; the lengths are the length rules of the `account` resource fields',
    },
    {
      item: 'Promo code',
      limit: '1..32 characters',
      encodedAt: ['account/promo-codes/add#promo_code'],
      numbers: [1, 32],
    },
  ],
  notShown: [
    {
      subject: 'account',
      what: 'the fields of the account record (Account View answers contact and billing information)',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'account-settings',
      what: 'the full field list of the settings record, including the managed and longview subscription fields',
      source: source(2, settingsSection),
    },
    {
      subject: 'account/transfer',
      what: 'the fields of the network transfer record',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'account/availability/list',
      what: 'the fields of the region availability record',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'account/availability/view',
      what: 'the fields of the region availability record',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'account/update',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'account/cancel',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'account/settings/update',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'account/settings/managed-enable',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'account/promo-codes/add',
      what: 'the response body, and the amount and expiry of the promo credit',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'account',
      what: 'the events emitted by account operations',
      source: source(2, 'Events'),
    },
    {
      subject: 'account',
      what: 'HTTP status codes and reason texts of the Account Cancel and promo credit errors',
      source: errors,
    },
  ],
  ambiguities: [
    {
      id: 'account/promo-codes-scope',
      source: source(2, accountSection),
      question: 'Promo Credit Add changes the account but lists the scope `account:read_only`.',
      encoding:
        'Kept as listed: `account:read_only` is required and sufficient; the auth note says "as listed". `account:read_write` is accepted too, as read_write includes read_only.',
    },
    {
      id: 'account/state-codes',
      source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
      question:
        'Which codes count as a "two-letter state or province code" for US and CA addresses is not listed; territories are not mentioned.',
      encoding:
        'Cross rule `state-code-us-ca` (conditional-values keyed by country): US accepts the 50 states, DC, the inhabited territories AS, GU, MP, PR, VI and the military codes AA, AE, AP (not UM, FM, MH, PW); CA accepts the 10 provinces and 3 territories. Other countries keep only the 24-character limit.',
    },
    {
      id: 'account/state-country-source',
      source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
      question:
        'The state rule depends on the billing address country, which an update may omit (all fields are optional).',
      encoding: 'The country in the body decides; when the body has none, the stored country decides.',
    },
    {
      id: 'account/country-codes',
      source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
      question:
        '"Two-letter ISO 3166 country code" does not say whether user-assigned or reserved codes (XK, UK, EU) count.',
      encoding:
        'An enum of the 249 officially assigned ISO 3166-1 alpha-2 codes, upper case; other codes and lower case are rejected.',
    },
    {
      id: 'account/zip-count',
      source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
      question: '"At most 9 letter or digit characters" leaves open whether hyphens count towards the limit.',
      encoding:
        'A pattern rule allows only ASCII letters, digits and hyphens; a count rule caps letters and digits at 9, hyphens not counted; no total length is set.',
    },
    {
      id: 'account/tax-id-empty',
      source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
      question:
        '"An empty string where no tax is collected" may describe what the server reports or what a caller may send.',
      encoding:
        'Read as: the update accepts an empty `tax_id` (requirement account/update/tax-id-empty-accepted); what the record reports is not shown.',
    },
    {
      id: 'account/email-format',
      source: source(2, `${fieldsSection} > Account (update body; all fields optional)`),
      question: 'The account `email` is typed plain string, unlike the user `email`, which is string (email).',
      encoding: 'No format is encoded for the account `email`; only its 128-character limit.',
    },
    {
      id: 'account/record-fields',
      source: source(2, `${fieldsSection} > Other records`),
      question:
        'The Account table is the update body; "response fields of all records in this part: not shown" leaves open whether the record carries the same fields.',
      encoding:
        'Account View answers an object with no asserted fields; that the update is visible under the same names is a SHOULD convention (account/update/persisted).',
    },
    {
      id: 'account/settings-record-fields',
      source: source(2, settingsSection),
      question: 'The settings table lists two fields, but the record also reports subscriptions under names not shown.',
      encoding:
        'Account Settings View answers the `account-settings` record with `backups_enabled` and `network_helper`; other fields are allowed and not judged.',
    },
    {
      id: 'account/availability-authorized',
      source: source(2, accountSection),
      question:
        'Region Availability List is for "authorized users only", which may mean authenticated callers or unrestricted users.',
      encoding:
        'Read as authenticated callers with the listed scope: a token is required; no unrestricted-only rule is encoded, and the phrase is kept in the access note.',
    },
    {
      id: 'account/availability-list-shape',
      source: source(2, accountSection),
      question:
        'Region Availability List takes no paging in the table ("-") and is not called a list, yet reports one entry per region.',
      encoding: 'Paging none and a response that is not shown; no envelope is asserted.',
    },
    {
      id: 'account/cancel-grant',
      source: source(2, accountSection),
      question:
        'The grants structure has a `cancel_account` grant ("may cancel the account"), but Account Cancel says restricted users cannot cancel.',
      encoding:
        'Account Cancel is unrestricted-only, as its endpoint row states; the grant is mentioned in the access note and not used.',
    },
    {
      id: 'account/managed-enable-billing',
      source: source(2, accountSection),
      question: 'Managed Enable does not say it costs money, though it subscribes the whole account to a service.',
      encoding:
        'Effects include `billing` (with `account-wide` and `sends-email`) so that `--mode safe` leaves it alone.',
    },
  ],
});
