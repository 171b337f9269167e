// Where the requirements catalogue lives, apart from its renderer so the command line names it without loading the spec.

import { fromPackage } from '../package-root.js';

export const CATALOGUE_PATH = 'spec/catalogue.md';
/** The catalogue file of this copy of cloudconf (the clone or the installed package), whatever the working directory. */
export const CATALOGUE_FILE = fromPackage(CATALOGUE_PATH);
