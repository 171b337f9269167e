// The tool's version, read once from package.json so reports and exports name it.

import { readFileSync } from 'node:fs';
import { fromPackage } from './package-root.js';

const pkg = JSON.parse(readFileSync(fromPackage('package.json'), 'utf8')) as { version: string };

export const TOOL_VERSION: string = pkg.version;
