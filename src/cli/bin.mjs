#!/usr/bin/env node
// Launches the cloudconf CLI: registers tsx so the TypeScript sources run without a build step.

import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
