// Faults of the HTTP-level conventions (issue 17 item 6), each breaking one: concatenated into the fault catalogue.

import type { Fault } from './faults/define.js';

const http = <const Name extends string>(
  name: Name,
  breaks: string,
  catches: string,
  family: Fault['family'],
): Fault<Name> => ({
  name,
  area: 'conventions',
  family,
  breaks,
  catches: [`conventions/http/${catches}`],
});

export const httpFaults = [
  http(
    'allow-header-fixed',
    'answers every 405 with Allow: GET, POST, PUT, DELETE whatever the route takes',
    'allow-405',
    'status',
  ),
  http('json-vendor-media-type', 'labels JSON answers application/vnd.cloudconf+json', 'json-media-type', 'response'),
  http('www-authenticate-missing', 'answers 401 without a WWW-Authenticate header', 'www-authenticate-401', 'auth'),
  http('head-refused', 'answers 405 to HEAD where GET is allowed', 'head', 'behaviour'),
  http(
    'literal-segment-as-id',
    'routes a literal segment as an id of its templated sibling: OPTIONS .../backups/cancel allows GET, PUT /managed/credentials/sshkey answers 404',
    'literal-resources',
    'status',
  ),
];
