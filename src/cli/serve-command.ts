// Declares the `serve` command and checks its options; the reference server and the fault catalogue load only when it runs, so other commands start fast.

import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Profile } from '../../spec/profile.js';
import * as parse from './parse-options.js';
import type { ServeOptions } from './serve.js';

/** `*` or an origin (`http://localhost:5173`): what a browser sends as Origin. */
function corsOrigin(value: string): string {
  if (value === '*') return value;
  if (URL.canParse(value) && new URL(value).origin === value) return value;
  throw new InvalidArgumentError('expected * or an origin such as http://localhost:5173 (scheme, host, port; no path)');
}

/** The profile `--offer` or `--profile` give, checked against the encoding; undefined to serve everything. */
async function partialProfile(options: ServeOptions): Promise<Profile | undefined> {
  if (options.profile && options.offer.length) throw new Error('give --offer or --profile, not both');
  if (!options.profile && !options.offer.length) return undefined;
  const { checkedProfile, readProfile } = await import('../target/profile-file.js');
  return options.profile ? readProfile(options.profile) : checkedProfile({ offers: options.offer }, '--offer');
}

export function registerServe(cli: Command): void {
  cli
    .command('serve')
    .description('start the reference server; prints its {base_url} on the first line, then one line per request')
    .addOption(parse.portOption('8080'))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--token <token>', "the owner's full-scope token (random when absent)")
    .option(
      '--action-delay-ms <n>',
      'how long asynchronous actions stay in their transitional state',
      parse.nonNegativeInteger,
      '0',
    )
    .option('--fault <name>', 'switch on a named defect (repeatable)', parse.repeatable, [])
    .option(
      '--variant <name>',
      'switch on a conformant variant: a behaviour the documents allow (repeatable; `cloudconf variants` lists them)',
      parse.repeatable,
      [],
    )
    .option('--no-control', 'turn off the control interface under /__cloudconf')
    .addOption(
      new Option('--cors [origin]', 'answer browsers from this origin (default: any)')
        .default('*')
        .preset('*')
        .argParser(corsOrigin),
    )
    .option('--no-cors', 'no CORS headers: browsers on other origins cannot call the server')
    .option('--cors-control', 'let cross-origin pages use the control interface too (closed by default)')
    .addOption(new Option('--log <format>', 'request log format on stdout').choices(['text', 'json']).default('text'))
    .option('--quiet', 'no request log')
    .option('--har <file>', 'write every exchange to this HAR file when the server stops')
    .option('--fixtures <file>', 'create the entities of this JSON file at start (see README)')
    .option(
      '--offer <names>',
      'play a partial implementation: serve only these areas and operation ids (comma-separated, repeatable)',
      parse.commaList,
      [],
    )
    .option('--profile <file>', 'play a partial implementation: serve only what this support profile offers')
    .addOption(
      new Option('--unoffered-status <status>', 'how a partial implementation answers what it does not offer')
        .choices(['404', '501'])
        .default('404'),
    )
    .action(async (options: ServeOptions, command: Command) => {
      const [{ faults }, { variants }, { serve }] = await Promise.all([
        import('../reference/faults.js'),
        import('../reference/variants.js'),
        import('./serve.js'),
      ]);
      parse.checkChoices(
        command,
        '--fault',
        options.fault,
        faults.map((f) => f.name),
        'fault',
      );
      parse.checkChoices(
        command,
        '--variant',
        options.variant,
        variants.map((v) => v.name),
        'variant',
      );
      try {
        options.offerProfile = await partialProfile(options);
      } catch (error) {
        command.error(`error: ${(error as Error).message}`, { exitCode: 2 });
      }
      await serve(options);
    });
}
