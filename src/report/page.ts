// The shell of a self-contained HTML report page: inline style and script pinned by a Content-Security-Policy, data embedded as inert JSON.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/**
 * JSON that cannot end the script element it sits in: `<`, `>` and `&` become \u escapes, and so do
 * U+2028/U+2029. The page reads it with JSON.parse, so a hostile string stays a string.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}

/** A file of src/report/assets, where the page scripts and the stylesheet live as plain files. */
export const asset = (name: string): string => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface PageParts {
  title: string;
  /** Markup rendered on the server; every value in it must already be escaped. */
  body: string;
  css: string;
  script: string;
  data: unknown;
}

/**
 * The whole page. The policy allows only this page's own style and script (by hash) and nothing from
 * the network, so even a string that escaped escaping could neither run nor load anything.
 */
export function htmlPage(p: PageParts): string {
  const policy = `default-src 'none'; style-src ${sha256(p.css)}; script-src ${sha256(p.script)}; img-src data:; base-uri 'none'; form-action 'none'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)}</title>
<style>${p.css}</style>
</head>
<body>
${p.body}
<script type="application/json" id="cloudconf-data">${jsonForScript(p.data)}</script>
<script>${p.script}</script>
</body>
</html>
`;
}
