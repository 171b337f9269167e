// Unrelated data for the control interface to seed: VPCs, private StackScripts and managed contacts that belong to no test, as on a real account shared with others.

import { createContact } from './model/managed.js';
import { createStackScript } from './model/stackscripts.js';
import { createVpc } from './model/vpcs.js';
import type { Account, Principal } from './model/world.js';

const NOISE_IMAGE = 'node/debian12';

/** Seeds `count` of each kind into the account, as its owner; answers how many of each were made. */
export function seedNoise(account: Account, count: number, region: string): number {
  const owner = account.users.values().next().value;
  if (!owner) return 0;
  const p: Principal = { account, user: owner, scopes: new Set(['*']) };
  for (let i = 0; i < count; i++) {
    const label = `noise-${account.world.id()}`;
    createVpc(p, { label, region, subnets: [{ label: 'noise', ipv4: `10.${i % 250}.0.0/24` }] });
    createStackScript(p, { label, script: '#!/bin/sh\necho noise', images: [NOISE_IMAGE], is_public: false });
    createContact(p, { name: label, email: `${label}@example.com` });
  }
  return count;
}
