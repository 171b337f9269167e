// Where each file of the publishing site lives, relative to the site's root: the one place that names them.

export const implementationPage = (id: string) => `implementations/${id}.html`;
export const implementationData = (id: string) => `implementations/${id}.json`;
export const runPage = (id: string, run: string) => `implementations/${id}/${run}.html`;
export const runData = (id: string, run: string) => `implementations/${id}/${run}.json`;
export const badgeImage = (id: string) => `badges/${id}.svg`;
/** The shields.io endpoint JSON of an implementation's badge. */
export const badgeEndpoint = (id: string) => `badges/${id}.json`;
export const IMPLEMENTATIONS = 'implementations.json';
export const SCHEMA = 'schema/site-data.schema.json';

/** A link from a page in `implementations/` to a path given from the root. */
export const fromImplementations = (path: string) => `../${path}`;
