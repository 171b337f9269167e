// Self-tests of how the Allure report is made: the pinned version written once, Allure found where the project installed it, and fetched through npm exec at that version where it did not.

import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { fromPackage } from '../package-root.js';
import { allureCommand, pinnedAllureVersion, withoutAnalytics } from './allure.js';

test('the Allure version is the optional peer dependency, and the clone develops with the same one', () => {
  const pkg = JSON.parse(readFileSync(fromPackage('package.json'), 'utf8'));
  expect(pinnedAllureVersion()).toBe(pkg.peerDependencies.allure);
  expect(pkg.devDependencies.allure).toBe(pkg.peerDependencies.allure);
  expect(pkg.peerDependenciesMeta.allure.optional).toBe(true);
  expect(pkg.dependencies.allure).toBeUndefined();
});

test('an installed Allure runs as it is, with this node', () => {
  const installed = allureCommand(() => '/project/node_modules/allure/dist/index.js');
  expect(installed).toEqual({ command: process.execPath, args: ['/project/node_modules/allure/cli.js'] });
});

test('without one, npm exec fetches the pinned version (once, into its cache)', () => {
  const fetched = allureCommand(() => {
    throw new Error("Cannot find module 'allure'");
  });
  expect(fetched.fetched).toBe(pinnedAllureVersion());
  expect(fetched.args).toEqual(['exec', '--yes', `--package=allure@${pinnedAllureVersion()}`, '--', 'allure']);
});

test('the report page keeps no analytics tag', () => {
  const page =
    '<head><script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>\n  window.dataLayer = window.dataLayer || [];\n</script><title>r</title></head>';
  expect(withoutAnalytics(page)).toBe('<head><title>r</title></head>');
});
