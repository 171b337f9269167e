// A small target on 127.0.0.1 whose lists hold what a self-test gives them (hostile ids, 150,000 items): it answers every list, the records given, deletes, and records every request, for self-tests of cleanup and of what a run does with listed values.

import { createServer } from 'node:http';
import { onLoopback } from './hostile-target.js';

export interface ListingTarget {
  /** `{base_url}` of the target. */
  baseUrl: string;
  /** Requests received, in order: `METHOD /path` (the query left out). */
  seen: string[];
  close(): Promise<void>;
}

export interface Listings {
  /** Items of each list, by path under `/v4` (`/vpcs`); every other list is empty. A string is the `data` array's JSON as is. */
  lists?: Record<string, unknown[] | string>;
  /** Records read at their path under `/v4` (`/vpcs/7`); a delete there answers 200 and removes it. */
  records?: Record<string, unknown>;
  /** Writes (POST, PUT) get no answer at all: a run is held in its suites until it is stopped. */
  hangWrites?: boolean;
}

const JSON_TYPE = { 'content-type': 'application/json' };

const envelope = (data: string, count: number) => `{"data":${data},"page":1,"pages":1,"results":${count}}`;

export async function startListingTarget(listings: Listings): Promise<ListingTarget> {
  const seen: string[] = [];
  const records = new Map(Object.entries(listings.records ?? {}));
  // Each list's answer made once: the large ones are sent many times.
  const lists = new Map(
    Object.entries(listings.lists ?? {}).map(([path, items]) => [
      path,
      typeof items === 'string'
        ? envelope(items, (items.match(/,/g)?.length ?? 0) + 1)
        : envelope(JSON.stringify(items), items.length),
    ]),
  );
  const server = createServer((req, res) => {
    req.resume();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(`${req.method} ${path}`);
    const under = path.startsWith('/v4') ? path.slice(3) : path;
    const answer = (status: number, body: string) => res.writeHead(status, JSON_TYPE).end(body);
    if (req.method === 'DELETE') {
      if (!records.delete(under)) return answer(404, '{"errors":[{"reason":"Not found"}]}');
      return answer(200, '{}');
    }
    if (listings.hangWrites && (req.method === 'POST' || req.method === 'PUT')) return;
    if (req.method !== 'GET') return answer(400, '{"errors":[{"reason":"not here"}]}');
    const list = lists.get(under);
    if (list !== undefined) return answer(200, list);
    const record = records.get(under);
    if (record !== undefined) return answer(200, JSON.stringify(record));
    // A record path the test gave no record for is gone; every other read (a list, the account) is empty.
    if (/\/\d+$/.test(under)) return answer(404, '{"errors":[{"reason":"Not found"}]}');
    answer(200, under === '/account' ? '{"email":"owner@example.test"}' : envelope('[]', 0));
  });
  return { ...(await onLoopback(server)), seen };
}
