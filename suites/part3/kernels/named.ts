// Procedures of the kernels named for configuration profiles: each can be viewed, and the kernel list holds them.

import { NAMED_KERNELS } from '../../../spec/part3/kernels.js';
import { opOf } from '../../conventions/sample.js';
import { acceptedWith2xx, includesAll, type WrittenContext } from '../../support/author.js';
import { listAll } from '../backups/nodes.js';

export async function namedViewable({ kit }: WrittenContext) {
  const op = opOf('kernels/view');
  for (const kernelId of NAMED_KERNELS)
    kit.check(acceptedWith2xx(await kit.send(op, { params: { kernelId } })), kernelId);
}

export async function namedListed({ kit }: WrittenContext) {
  const { items, last } = await listAll(kit, 'kernels/list');
  const why = 'The kernel list includes the kernel ids named for configuration profiles.';
  kit.check(
    includesAll(
      items.map((k) => k.id),
      NAMED_KERNELS,
      'kernel ids',
      why,
      last,
    ),
  );
}
