// The command that replays one requirement of a run: same seed, same target, that requirement only.

import type { Results } from './results.js';

/** Quotes a word for a POSIX shell unless it is made only of characters a shell leaves alone. */
export const shellWord = (s: string): string => (/^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export function replayCommand(results: Pick<Results, 'seed' | 'target' | 'replay'>, id: string): string {
  if (results.replay) return results.replay;
  const target = results.target.reference ? '' : ` --base-url ${shellWord(results.target.baseUrl)}`;
  return `npx cloudconf run --seed ${results.seed} --only ${shellWord(id)}${target}`;
}
