// Where cloudconf's own files are, whether it runs from the TypeScript sources of a clone or from the JavaScript built into an installed package: never the working directory.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when this module is the built JavaScript (`dist/src/package-root.js`), false from the sources. */
export const BUILT = import.meta.url.endsWith('.js');

/** The directory holding `spec/`, `src/` and `suites/` as they run: the clone's root, or the package's `dist/`. */
export const CODE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The directory holding package.json and spec/catalogue.md: the clone's root, or the installed package. */
export const PACKAGE_ROOT = BUILT ? resolve(CODE_ROOT, '..') : CODE_ROOT;

/** The extension of the modules as they run (`.ts` from the sources, `.js` when built). */
export const MODULE_EXT = BUILT ? '.js' : '.ts';

/** A path under the package root, e.g. `fromPackage('spec', 'catalogue.md')`. */
export const fromPackage = (...parts: string[]): string => join(PACKAGE_ROOT, ...parts);
