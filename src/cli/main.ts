// The cloudconf command line: parses arguments, runs one command, and alone decides the exit code.

import { readFileSync, writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { CATALOGUE_FILE, CATALOGUE_PATH } from '../export/catalogue-path.js';
import { redactLine } from '../http/redact.js';
import { DEFAULT_WAIT_BUDGET_MS } from '../http/wait-budget.js';
import { DEFAULT_CONCURRENCY, DEFAULT_RUNS } from '../target/config.js';
import { CONFIG_FILE, ConfigError, configFileOf, resolveTarget, runOptionsFromFile } from '../target/config-file.js';
import { defaultMode } from '../target/mode.js';
import { optionBoundsProblem } from '../target/option-bounds.js';
import { TOOL_VERSION } from '../version.js';
import { registerAudit } from './audit-command.js';
import { registerCleanup } from './cleanup-command.js';
import { registerKeygen } from './keygen-command.js';
import type { MutationOptions } from './mutation.js';
import * as parse from './parse-options.js';
import { registerProxy } from './proxy-command.js';
import { registerReport } from './report-command.js';
import type { RunOptions } from './run.js';
import { registerServe } from './serve-command.js';
import { registerVerify } from './verify-command.js';

/** Exit codes of DESIGN section 4: 0 no failure, 1 a requirement failed, 2 usage, config or infrastructure error. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const print = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

/** A line for a person on stdout (a run's summary), through the redactor like every line the CLI prints. */
const printRedacted = (text: string): void => print(redactLine(text));

/** A command that prints one of the reference server's catalogues (loaded on demand), an entry a line or, with --json, as JSON. */
function registerCatalogue<Entry>(
  cli: Command,
  name: string,
  description: string,
  load: () => Promise<readonly Entry[]>,
  line: (entry: Entry) => string,
): void {
  cli
    .command(name)
    .description(description)
    .option('--json', 'print the catalogue as JSON')
    .action(async (options: { json?: boolean }) => {
      const entries = await load();
      if (options.json) return print(JSON.stringify(entries, null, 2));
      print(entries.map(line).join('\n'));
    });
}

function program(): Command {
  const cli = new Command('cloudconf')
    .description('Conformance suite for the Cloud Account API')
    .version(TOOL_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(redactLine(parse.withoutUserInfo(s))) });

  cli
    .command('spec')
    .description('print the encoding of the API: operations, requirements, state tables, events, exclusions')
    .option('--json', 'print the whole encoding as JSON')
    .action(async (options: { json?: boolean }) => {
      if (options.json) {
        const { specExport } = await import('../export/spec-json.js');
        print(JSON.stringify(specExport(), null, 2));
      } else print((await import('./spec-summary.js')).specSummary());
    });

  cli
    .command('openapi')
    .description('print an OpenAPI 3.1 document of the API, generated from the encoding')
    .option(
      '--catalogue',
      "with the reference server's regions, instance types, images and kernels as enums (as serve's /openapi.json)",
    )
    .action(async (options: { catalogue?: boolean }) => {
      const doc = options.catalogue
        ? (await import('../reference/served-openapi.js')).openapiWithCatalogue()
        : (await import('../export/openapi.js')).openapiDocument();
      print(JSON.stringify(doc, null, 2));
    });

  cli
    .command('catalogue')
    .description(`print the requirements catalogue, or write it to ${CATALOGUE_PATH}`)
    .option('--write', `write ${CATALOGUE_PATH}`)
    .option('--check', `exit 1 when ${CATALOGUE_PATH} is stale`)
    .action(async (options: { write?: boolean; check?: boolean }) => {
      const [{ renderCatalogue }, { testedBy }] = await Promise.all([
        import('../export/catalogue.js'),
        import('../export/tested-by.js'),
      ]);
      const text = renderCatalogue(await testedBy());
      if (options.check) {
        const current = readFileSync(CATALOGUE_FILE, 'utf8');
        if (current !== text) {
          process.stderr.write(`${CATALOGUE_PATH} is stale: run \`npm run catalogue\`\n`);
          process.exitCode = EXIT.failed;
        }
      } else if (options.write) {
        writeFileSync(CATALOGUE_FILE, text);
        print(`wrote ${CATALOGUE_PATH}`);
      } else print(text);
    });

  const repeat = parse.repeatable;
  cli
    .command('run')
    .description('test a target (the embedded reference server when no --base-url) and write reports')
    .option('--base-url <url>', '{base_url} of the target, e.g. http://127.0.0.1:8080/v4', parse.baseUrl)
    .option('--beta-url <url>', '{base_url_beta} of the target (default: base URL with /v4beta)', parse.baseUrl)
    .option('--token <token>', 'full-scope token of an unrestricted user (better: CLOUDCONF_TOKEN or --config)')
    .option(
      '--config <file>',
      `JSON with base_url, token, credentials and run options (default: ./${CONFIG_FILE} when present); flags win`,
    )
    .option('--report-dir <dir>', 'where reports go', 'reports/latest')
    .option('--seed <n>', 'seed of the generators, to replay a run', parse.seed)
    .option('--runs <n>', 'generated cases per property', parse.positiveInteger, String(DEFAULT_RUNS))
    .option(
      '--only <pattern>',
      'run one requirement or a subtree of ids, e.g. vpcs/create (repeatable: the union)',
      repeat,
    )
    .option('--exclude <prefix>', 'leave out a requirement or a subtree of ids (repeatable)', repeat)
    .addOption(new Option('--level <level>', 'only the requirements of one level').choices(['MUST', 'SHOULD', 'MAY']))
    .addOption(new Option('--part <n>', 'only the requirements of one part of the documents').choices(['1', '2', '3']))
    .addOption(
      new Option(
        '--mode <mode>',
        'read-only (GETs only), safe (only its own entities; nothing billed, irreversible or account-wide) or full; default: full on loopback, safe elsewhere',
      ).choices(['read-only', 'safe', 'full']),
    )
    .option('--allow-billing', 'safe mode also sends billed operations that are neither irreversible nor account-wide')
    .option('--rate <n>', 'at most n requests per second, all workers together', parse.positiveNumber)
    .option(
      '--concurrency <n>',
      `at most n requests in flight, all workers together; a 429 lowers it for a while (default ${DEFAULT_CONCURRENCY}; with --rate, a tenth of the rate)`,
      parse.positiveInteger,
    )
    .option('--timeout <ms>', 'deadline of each request, in milliseconds', parse.positiveNumber, '30000')
    .option(
      '--max-response-bytes <n>',
      'larger answers are cut and judged error',
      parse.positiveInteger,
      String(16 * 1024 * 1024),
    )
    .option(
      '--max-retry-wait <ms>',
      `the most time the whole run waits on Retry-After, all requests together; past it a 429 is not retried (default ${DEFAULT_WAIT_BUDGET_MS})`,
      parse.positiveInteger,
    )
    .option('--strict', 'SHOULD-level failures fail the run')
    .option(
      '--ca <file>',
      "a PEM file of the certificate authorities to trust for the target, besides the machine's (a private CA); certificates are always verified",
    )
    .option(
      '--header <name:value>',
      'a header sent with every request, e.g. for a gateway (repeatable; redacted)',
      parse.header,
    )
    .option('--region <id>', 'a region the target accepts (repeatable)', repeat, [])
    .option('--image <id>', 'an image the target accepts (repeatable)', repeat, [])
    .option('--type <id>', 'an instance type the target accepts, cheapest first (repeatable)', repeat, [])
    .option(
      '--deprecated-type <id>',
      'a deprecated instance type the target still creates, with an upgrade (repeatable)',
      repeat,
      [],
    )
    .option(
      '--shard <i/n>',
      'run the i-th of n shards of the selection (split by suite file); merge with `report --merge`',
    )
    .option(
      '--profile <file>',
      'the support profile: areas and operations the target offers (default: ./cloudconf.profile.json when present)',
    )
    .option('--baseline <file>', 'a results.json of an earlier run: fail only on requirements that got worse')
    .option(
      '--strict-known-failures',
      'fail the run (exit 1) when the known-failures file names no requirement, lists one that passes, or has expired entries',
    )
    .option(
      '--write-known-failures <file>',
      'write a known-failures file listing what this run found broken, to start from',
    )
    .option(
      '--known-failures <file>',
      'requirements known to fail (`<id> <reason>` lines, or JSON): fail only on others',
    )
    .option('--json', 'print the results summary as JSON on stdout')
    .option(
      '--run-id <id>',
      "this run's id, kept in results.json and summary.md, so CI can tell its reports from others (default: random)",
      parse.runId,
    )
    .option('--quiet', 'print nothing but errors')
    .option('--list', 'print what the selection would judge, and what the mode would skip and why; send nothing')
    .action(async (flags: RunOptions & { config?: string; list?: boolean }, command: Command) => {
      const config = configFileOf(flags.config);
      let options: RunOptions = flags;
      try {
        const fromFile = config ? runOptionsFromFile(config, (o) => command.getOptionValueSource(o) === 'cli') : {};
        options = { ...flags, ...fromFile, ...(config ? { config } : {}) };
        const tooLarge = optionBoundsProblem(options as unknown as Record<string, unknown>);
        if (tooLarge) throw new ConfigError(tooLarge);
        if (flags.list) {
          const { baseUrl } = resolveTarget(options);
          const mode = options.mode ?? (baseUrl ? defaultMode(baseUrl, false) : 'full');
          const { listLines } = await import('./list.js');
          const { declaredProfile } = await import('../target/profile-file.js');
          const profile = declaredProfile(options.profile, options.config);
          print(listLines(options, mode, options.allowBilling ?? false, profile).join('\n'));
          return;
        }
        // Every option and id is checked before vitest and the suites load (seconds): a mistake costs a moment.
        const problem = (await import('./run-checks.js')).runProblem(options);
        if (problem) {
          process.stderr.write(`cloudconf: ${redactLine(problem)}\n`);
          process.exitCode = EXIT.usage;
          return;
        }
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        process.stderr.write(`cloudconf: ${redactLine(error.message)}\n`);
        process.exitCode = EXIT.usage;
        return;
      }
      // Loaded on demand: run and mutation pull in vitest, which `serve` and the exports never need.
      const { run } = await import('./run.js');
      process.exitCode = await run(options, (line) => process.stderr.write(`${redactLine(line)}\n`), printRedacted);
    });

  registerCatalogue(
    cli,
    'faults',
    'list the named defects the reference server can switch on, and what each must fail',
    async () => (await import('../reference/faults.js')).faults,
    (f) => `${f.name.padEnd(44)} ${f.area.padEnd(14)} ${f.breaks}`,
  );

  registerCatalogue(
    cli,
    'variants',
    'list the conformant variants: behaviours the documents allow that the reference server can switch on',
    async () => (await import('../reference/variants.js')).variants,
    (v) => `${v.name.padEnd(26)} ${v.does}\n${''.padEnd(26)} allowed: ${v.allowedBy}`,
  );

  cli
    .command('mutation')
    .description('run the suite against each fault of the catalogue and print the kill matrix')
    .option('--area <area>', 'only the faults of an area (repeatable)', parse.repeatable, [])
    .option(
      '--variants',
      'also judge the conformant variants (`cloudconf variants`): any failure there is a false alarm',
    )
    .option(
      '--variant <name>',
      'judge only this conformant variant, on a server of its own, and no fault (repeatable)',
      parse.repeatable,
      [],
    )
    .option('--report-dir <dir>', 'where the matrix and per-fault reports go', 'reports/mutation')
    .option('--seed <n>', 'seed of the generators', parse.seed, '1')
    .action(async (options: MutationOptions, command: Command) => {
      const { faults } = await import('../reference/faults.js');
      const areasWithFaults = [...new Set(faults.map((f) => f.area))].sort();
      parse.checkChoices(command, '--area', options.area, areasWithFaults, 'area with faults');
      const { variants } = await import('../reference/variants.js');
      const names = variants.map((v) => v.name);
      parse.checkChoices(command, '--variant', options.variant ?? [], names, 'variant');
      const { mutation } = await import('./mutation.js');
      process.exitCode = await mutation(options, (line) => process.stderr.write(`${redactLine(line)}\n`));
    });

  registerServe(cli);
  registerCleanup(cli);
  registerReport(cli);
  registerAudit(cli);
  registerProxy(cli);
  registerVerify(cli);
  registerKeygen(cli);
  return cli;
}

/** A reader that closed the pipe (`cloudconf spec --json | head -1`) wants no more: end quietly. */
function endQuietlyOnClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
  throw error;
}

export async function main(argv: string[]): Promise<number> {
  // Once, however often main runs in one process (the self-tests' run host runs command after command).
  if (!process.stdout.listeners('error').includes(endQuietlyOnClosedPipe)) {
    process.stdout.on('error', endQuietlyOnClosedPipe);
  }
  try {
    await program().parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    process.stderr.write(`cloudconf: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
}
