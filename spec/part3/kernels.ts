// Kernels (Part 3): the two kernel operations, which need no authentication, and the kernel ids the configuration profile section names.

import { defineArea } from '../area.js';
import { envelopeOf, noAuth, objectOf, operations } from '../build.js';
import { otherRecords } from '../sections.js';
import type { Requirement } from '../types.js';
import { at } from './common.js';

const kernelsSection = 'Endpoints > Kernels (no authentication)';
const configSection = 'Resources and their fields > Configuration profile (create body)';
const recordNotShown = 'the fields of the kernel record';

/** Kernel ids Part 3 names for configuration profiles (the first is the profile default). */
export const NAMED_KERNELS = ['node/latest-64bit', 'node/grub2', 'node/direct-disk'] as const;

const ops = operations(3, 'kernels', [
  {
    id: 'kernels/list',
    name: 'Kernels List',
    method: 'GET',
    path: '/node/kernels',
    paging: 'bounded',
    response: envelopeOf(undefined, recordNotShown),
    auth: noAuth,
    summary: 'Lists the available kernels.',
    section: kernelsSection,
  },
  {
    id: 'kernels/view',
    name: 'Kernel View',
    method: 'GET',
    path: '/node/kernels/{kernelId}',
    params: { kernelId: 'string' },
    response: objectOf(undefined, recordNotShown),
    auth: noAuth,
    summary: 'Returns one kernel.',
    section: kernelsSection,
  },
]);

const requirements: Requirement[] = [
  {
    id: 'kernels/view/named-kernels',
    level: 'MUST',
    text: `The kernel ids ${NAMED_KERNELS.map((k) => `\`${k}\``).join(', ')} named for configuration profiles can be viewed.`,
    source: at(configSection),
    subject: { kind: 'operation', operation: 'kernels/view', field: 'kernelId' },
    family: 'behaviour',
  },
  {
    id: 'kernels/list/named-kernels',
    level: 'MUST',
    text: 'The kernel list includes the kernel ids named for configuration profiles.',
    source: at(configSection),
    subject: { kind: 'operation', operation: 'kernels/list' },
    family: 'behaviour',
  },
];

export const area = defineArea(3, 'kernels', {
  operations: ops,
  requirements,
  notShown: [{ subject: 'kernels', what: recordNotShown, source: at(otherRecords) }],
  ambiguities: [
    {
      id: 'kernels/id-with-slash',
      source: at(kernelsSection),
      question: 'Kernel ids such as `node/latest-64bit` contain a slash, yet `{kernelId}` is one path parameter.',
      encoding:
        'The id is sent as one path segment with the slash percent-encoded (`node%2Flatest-64bit`); a server should also answer the id written with a literal slash.',
    },
    {
      id: 'kernels/token-given',
      source: at('Authentication'),
      question:
        'Kernel operations need no authentication; whether a request that does carry a token is answered is not said.',
      encoding: 'Encoded as no authentication; only calls without a token are asserted.',
    },
  ],
});
