// How large a run's options may be, given on the command line or in a configuration file: a million `only` entries or a billion generated cases would keep a run (or `run --list`) busy without end, so each is bounded and a value past its bound ends the command with one line naming the option, never its value.

/** The bounds: far past any real use, near enough that a run stays quick to start and bounded in time. */
export const OPTION_BOUNDS = {
  /** Entries of a list option (`only`, `exclude`, `region`, ...): the encoding has about 1,900 requirements. */
  listItems: 10_000,
  /** Characters of one entry: requirement ids and catalogue ids are short. */
  itemLength: 1_000,
  /** Headers sent with every request (`--header`, `headers`). */
  headers: 100,
  /** Generated cases per property (`--runs`); the bench goes to 96. */
  runs: 1_000,
  /** One request's deadline (`--timeout`), in ms: ten minutes. */
  timeoutMs: 600_000,
} as const;

/** The list options of a run, by their names in the options object (the flag in camel case). */
const LISTS = ['only', 'exclude', 'region', 'image', 'type', 'deprecatedType'] as const;

const flagOf = (name: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const count = (n: number) => n.toLocaleString('en-US');

/** Why the options of a run are too large, naming the option and its bound; undefined when they are within bounds. */
export function optionBoundsProblem(options: Record<string, unknown>): string | undefined {
  for (const name of LISTS) {
    const value = options[name];
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    if (list.length > OPTION_BOUNDS.listItems)
      return `${flagOf(name)} is given ${count(list.length)} times; at most ${count(OPTION_BOUNDS.listItems)} are taken`;
    if (list.some((item) => String(item).length > OPTION_BOUNDS.itemLength))
      return `a ${flagOf(name)} value is longer than ${count(OPTION_BOUNDS.itemLength)} characters`;
  }
  const headers = options.header;
  if (headers && typeof headers === 'object' && Object.keys(headers).length > OPTION_BOUNDS.headers)
    return `--header is given ${count(Object.keys(headers).length)} times; at most ${OPTION_BOUNDS.headers} are taken`;
  if (options.runs !== undefined && Number(options.runs) > OPTION_BOUNDS.runs)
    return `--runs takes at most ${count(OPTION_BOUNDS.runs)} generated cases per property`;
  if (options.timeout !== undefined && Number(options.timeout) > OPTION_BOUNDS.timeoutMs)
    return `--timeout takes at most ${count(OPTION_BOUNDS.timeoutMs)} ms (ten minutes)`;
  return undefined;
}
