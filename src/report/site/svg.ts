// The SVG of the publishing site: a badge per implementation and the chart of its pass counts over time; every text escaped, nothing loaded.

import { escapeHtml } from '../page.js';

const COLOUR = { complete: '#1a7f37', partial: '#bf8700', failing: '#cf222e' } as const;
export type BadgeState = keyof typeof COLOUR;

/** Width of text in the badge's 11px sans-serif, near enough for layout. */
const widthOf = (text: string) => Math.ceil(text.length * 6.6) + 12;

/** A badge like `cloudconf | 1754/1754 complete`. */
export function badgeSvg(value: string, state: BadgeState): string {
  const label = 'cloudconf';
  const lw = widthOf(label);
  const vw = widthOf(value);
  const text = (x: number, s: string) =>
    `<text x="${x}" y="14" fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">${escapeHtml(s)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${escapeHtml(`${label}: ${value}`)}"><title>${escapeHtml(`${label}: ${value}`)}</title><rect width="${lw}" height="20" rx="3" fill="#555"/><rect x="${lw}" width="${vw}" height="20" rx="3" fill="${COLOUR[state]}"/><rect x="${lw}" width="4" height="20" fill="${COLOUR[state]}"/>${text(lw / 2, label)}${text(lw + vw / 2, value)}</svg>`;
}

export interface ChartPoint {
  label: string;
  pass: number;
  total: number;
}

/** A time label under the chart: the first starts at its point and the last ends at it, so neither runs off the edge. */
const labelAnchor = (i: number, n: number) => (n < 2 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle');

/** A line chart of pass counts per run, with the judged total as a dashed line. */
export function historyChart(points: readonly ChartPoint[]): string {
  const W = 720;
  const H = 240;
  const pad = { left: 60, right: 60, top: 16, bottom: 48 };
  const top = Math.max(1, ...points.map((p) => p.total));
  const x = (i: number) =>
    pad.left +
    (points.length === 1 ? (W - pad.left - pad.right) / 2 : (i * (W - pad.left - pad.right)) / (points.length - 1));
  const y = (v: number) => pad.top + (1 - v / top) * (H - pad.top - pad.bottom);
  const line = (key: 'pass' | 'total') => points.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
  const dots = points
    .map(
      (p, i) =>
        `<circle cx="${x(i).toFixed(1)}" cy="${y(p.pass).toFixed(1)}" r="4" fill="#1a7f37"><title>${escapeHtml(`${p.label}: ${p.pass}/${p.total}`)}</title></circle><text x="${x(i).toFixed(1)}" y="${(y(p.pass) - 8).toFixed(1)}" font-size="11" text-anchor="middle">${p.pass}</text><text x="${x(i).toFixed(1)}" y="${H - pad.bottom + 18}" font-size="11" text-anchor="${labelAnchor(i, points.length)}">${escapeHtml(p.label)}</text>`,
    )
    .join('');
  const axis = `<line x1="${pad.left}" y1="${y(0)}" x2="${W - pad.right}" y2="${y(0)}" stroke="#999"/><line x1="${pad.left}" y1="${pad.top}" x2="${pad.left}" y2="${y(0)}" stroke="#999"/><text x="${pad.left - 6}" y="${y(top) + 4}" font-size="11" text-anchor="end">${top}</text><text x="${pad.left - 6}" y="${y(0) + 4}" font-size="11" text-anchor="end">0</text>`;
  return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="pass counts over time" font-family="sans-serif">${axis}<polyline points="${line('total')}" fill="none" stroke="#999" stroke-dasharray="4 3"/><polyline points="${line('pass')}" fill="none" stroke="#1a7f37" stroke-width="2"/>${dots}<text x="${W - pad.right}" y="${H - 6}" font-size="11" text-anchor="end">green: pass; dashed: requirements judged</text></svg>`;
}
