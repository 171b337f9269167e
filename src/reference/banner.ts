// What `serve` prints on start besides its base URL: roots, token, OpenAPI URL, and a summary of the catalogue a client can name.

import { images, instanceTypes, kernels, regions } from './model/catalogue.js';

const ids = (list: readonly { id: string }[]) => list.map((x) => x.id).join(', ');

/** The catalogue as a client developer needs it: ids to put in a create body. */
export function catalogueSummary(baseUrl: string): string[] {
  return [
    `regions: ${ids(regions)}`,
    `types: ${ids(instanceTypes)}`,
    `images: ${ids(images)}`,
    `kernels: ${kernels.length} (GET ${baseUrl}/node/kernels), e.g. ${ids(kernels.slice(0, 3))}`,
  ];
}
