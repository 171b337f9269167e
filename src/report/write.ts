// Writes every report of a run from its results (results.json, junit.xml, summary.md, index.html); run, audit and report share it. A renderer that throws costs its details, never the file.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { markIncomplete, messageOf } from './complete.js';
import { fallbackHtml, fallbackJunit, fallbackSummary, slimResults } from './fallback.js';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import { writeOwnFile } from './own-file.js';
import type { Results } from './results.js';
import { renderSummary } from './summary.js';

export { terminalSummary } from './terminal.js';

export type Renderer = (results: Results) => string;

/** The rendered reports besides results.json, each with the plain form written when its renderer throws. */
export const RENDERERS: Record<'junit.xml' | 'summary.md' | 'index.html', { render: Renderer; fallback: Renderer }> = {
  'junit.xml': { render: renderJunit, fallback: fallbackJunit },
  'summary.md': { render: renderSummary, fallback: fallbackSummary },
  'index.html': { render: renderHtml, fallback: fallbackHtml },
};

const resultsJson = (results: Results) => `${JSON.stringify(results, null, 2)}\n`;

/**
 * Renders everything first; a renderer that throws marks the run incomplete, and the others are
 * rendered again so that each says so. results.json falls back to the results without exchanges.
 */
export function writeReports(dir: string, results: Results, renderers = RENDERERS): void {
  mkdirSync(dir, { recursive: true });
  const texts = new Map<string, string>();
  const broken = new Set<string>();
  const renderAll = () => {
    const reasons: string[] = [];
    for (const [file, r] of Object.entries(renderers)) {
      if (broken.has(file)) continue;
      try {
        texts.set(file, r.render(results));
      } catch (error) {
        broken.add(file);
        reasons.push(`rendering ${file}: ${messageOf(error)}`);
      }
    }
    return reasons;
  };
  const failed = renderAll();
  let json: string | undefined;
  try {
    json = resultsJson(results);
  } catch (error) {
    failed.push(`writing results.json: ${messageOf(error)}; written without the exchanges`);
  }
  if (failed.length) {
    markIncomplete(results, failed);
    markIncomplete(results, renderAll());
    json = json === undefined ? resultsJson(slimResults(results)) : resultsJson(results);
  }
  for (const [file, r] of Object.entries(renderers)) if (broken.has(file)) texts.set(file, r.fallback(results));
  texts.set('results.json', json as string);
  // Beside and renamed into place: a link planted at a report's name is replaced, never written through.
  for (const [file, text] of texts) writeOwnFile(join(dir, file), text);
}
