// Types of supported-node.mjs, the Node.js check bin.mjs runs before anything else loads.

/** Whether a version satisfies an npm `engines` range; undefined when the range has a form the check does not read. */
export function satisfies(version: string, range: string): boolean | undefined;

/** The one line for a Node.js that package.json's `engines` does not name, or undefined when it is fine. */
export function unsupportedNode(version?: string, packageJson?: URL): string | undefined;
