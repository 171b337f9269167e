// Run by scripts/pack-check.mjs inside a project that installed the tarball: the reference server through the package's exports, its regions listed with undici.

import { specExport, startReferenceServer } from 'cloudconf';
import { request } from 'undici';

const server = await startReferenceServer({ port: 0, token: 'exports-check' });
try {
  // The API lists regions in one place: the (beta) service availability of each region.
  const answer = await request(`${server.betaUrl}/account/availability`, {
    headers: { authorization: 'Bearer exports-check' },
  });
  const body = await answer.body.json();
  if (answer.statusCode !== 200) throw new Error(`status ${answer.statusCode}: ${JSON.stringify(body)}`);
  const regions = body.data.map((r) => r.region).join(', ');
  console.log(`regions ${regions}; ${specExport().requirements.length} requirements in the spec export`);
} finally {
  await server.close();
}
