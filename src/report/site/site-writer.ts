// Writes the files of the publishing site into its directory and nowhere else: no path leaves it, no symbolic link is followed, and a rebuild removes only the files the last build listed as its own.

import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';

/** The list of files a build wrote, so the next build removes exactly those (and nothing of anyone else's). */
export const SITE_MANIFEST = '.cloudconf-site.json';

export class SiteWriter {
  private readonly written = new Set<string>();

  constructor(private readonly root: string) {}

  /** Makes the directory, and removes the files the previous build listed (regular files and links only, never followed). */
  begin(): void {
    mkdirSync(this.root, { recursive: true });
    if (lstatSync(this.root).isSymbolicLink())
      throw new Error(`${this.root} is a symbolic link: give the directory itself`);
    const listed = join(this.root, SITE_MANIFEST);
    if (!existsSync(listed)) return;
    let previous: unknown;
    try {
      previous = JSON.parse(readFileSync(listed, 'utf8'));
    } catch {
      return;
    }
    for (const rel of Array.isArray(previous) ? previous : []) {
      if (typeof rel !== 'string' || !this.inside(rel)) continue;
      const path = join(this.root, rel);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (stat && (stat.isFile() || stat.isSymbolicLink()) && !this.linkOnTheWay(rel)) rmSync(path);
    }
  }

  /** A relative path that stays inside the site. */
  private inside(rel: string): boolean {
    const clean = normalize(rel);
    return !isAbsolute(clean) && clean !== '..' && !clean.startsWith(`..${sep}`) && clean !== '.';
  }

  /** True when a directory on the way to `rel` (inside the site) is a symbolic link. */
  private linkOnTheWay(rel: string): boolean {
    const parts = normalize(rel).split(sep).slice(0, -1);
    return parts.some((_, i) =>
      lstatSync(join(this.root, ...parts.slice(0, i + 1)), { throwIfNoEntry: false })?.isSymbolicLink(),
    );
  }

  /** Writes one file of the site; throws when the path would leave the site or pass through a symbolic link. */
  write(rel: string, data: string | Buffer): void {
    if (!this.inside(rel)) throw new Error(`not a path inside the site: ${JSON.stringify(rel)}`);
    const path = join(this.root, rel);
    const refuse = () => new Error(`${path} is, or is under, a symbolic link: the site writes only its own files`);
    if (this.linkOnTheWay(rel)) throw refuse();
    mkdirSync(dirname(path), { recursive: true });
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw refuse();
    writeFileSync(path, data);
    this.written.add(normalize(rel));
  }

  /** Lists the files written, for the next build. */
  finish(): void {
    writeFileSync(join(this.root, SITE_MANIFEST), `${JSON.stringify([...this.written].sort(), null, 2)}\n`);
  }
}
