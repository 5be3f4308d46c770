import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README and docs/ are read on GitHub: a code fence closed with fewer backticks than it opened
// with swallows every heading after it, and a link to a heading that is not there is dead. Prettier
// keeps such a file as it is, so this reads each file as CommonMark would, fences and headings.
// A link to another file of the checkout must find it (and its heading): moving a section from the
// README into docs/ changes what a relative link is relative to.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FILES = [
  'README.md',
  'CHANGELOG.md',
  'DEVELOPERS.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

interface Outline {
  problems: string[];
  anchors: Set<string>;
  links: { line: number; anchor: string }[];
  /** Links to files of the checkout: `[x](docs/state.md#pruning)`, relative to the linking file. */
  fileLinks: { line: number; target: string; anchor?: string }[];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorOf(heading: string, seen: Map<string, number>): string {
  const base = heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

function outline(text: string): Outline {
  const problems: string[] = [];
  const anchors = new Set<string>();
  const links: Outline['links'] = [];
  const fileLinks: Outline['fileLinks'] = [];
  const seen = new Map<string, number>();
  let fence: { ticks: number; line: number } | undefined;
  text.split('\n').forEach((line, index) => {
    const number = index + 1;
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (!marker) return;
      if (marker[1]!.length >= fence.ticks && marker[2]!.trim() === '') fence = undefined;
      // We document no Markdown, so a fence line inside a fence is one meant to close it.
      else problems.push(`line ${number}: a fence line that does not close the fence of line ${fence.line}`);
      return;
    }
    if (marker) {
      fence = { ticks: marker[1]!.length, line: number };
      return;
    }
    const heading = /^#{1,6} (.+?)\s*#*$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]!, seen));
    for (const link of line.matchAll(/\]\(#([^)\s]+)\)/g)) links.push({ line: number, anchor: link[1]! });
    for (const link of line.matchAll(/\]\((?![a-z]+:|#)([^)#\s]+)(?:#([^)\s]+))?\)/g)) {
      fileLinks.push({ line: number, target: link[1]!, ...(link[2] ? { anchor: link[2] } : {}) });
    }
  });
  if (fence) problems.push(`line ${fence.line}: a code fence that is never closed`);
  return { problems, anchors, links, fileLinks };
}

describe('the Markdown we ship renders', () => {
  it.each(FILES)('%s: every fence closes and every #link has its heading', (file) => {
    const { problems, anchors, links } = outline(readFileSync(path.join(ROOT, file), 'utf8'));
    const dead = links.filter((link) => !anchors.has(link.anchor)).map((l) => `line ${l.line}: #${l.anchor}`);
    expect([...problems, ...dead]).toEqual([]);
  });

  it.each(FILES)('%s: every link to a file of the checkout finds the file and its heading', (file) => {
    const dead = outline(readFileSync(path.join(ROOT, file), 'utf8')).fileLinks.flatMap((link) => {
      const target = path.join(ROOT, path.dirname(file), link.target);
      const where = `line ${link.line}: ${link.target}${link.anchor ? `#${link.anchor}` : ''}`;
      if (!existsSync(target)) return [`${where}: no such file`];
      if (!link.anchor || !target.endsWith('.md')) return [];
      return outline(readFileSync(target, 'utf8')).anchors.has(link.anchor)
        ? []
        : [`${where}: no such heading`];
    });
    expect(dead).toEqual([]);
  });

  it('finds a fence closed short and the dead link it causes', () => {
    const broken = outline('````yaml\na: 1\n``` text\n\n## Workers\n\nsee [workers](#workers)\n');
    expect(broken.problems).toEqual([
      'line 3: a fence line that does not close the fence of line 1',
      'line 1: a code fence that is never closed',
    ]);
    expect(broken.anchors.has('workers')).toBe(false);
    expect(outline('[a](docs/x.md#y) [b](https://e.org/z.md) [c](#d) [e](../f.png)\n').fileLinks).toEqual([
      { line: 1, target: 'docs/x.md', anchor: 'y' },
      { line: 1, target: '../f.png' },
    ]);
    expect(outline('## Many machines: sync workers\n').anchors).toEqual(
      new Set(['many-machines-sync-workers']),
    );
  });
});
