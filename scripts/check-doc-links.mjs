#!/usr/bin/env node
// Checks every relative markdown link in README.md and docs/**/*.md: the file it names must exist
// and, when it names an anchor of a markdown file, a heading must make that anchor (GitHub's slugs).
// Run by `npm run lint`, so a moved or renamed doc cannot leave links pointing nowhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) out.push(path);
  }
  return out;
}

/** The text outside fenced code blocks and inline code, where links and headings count. */
function proseLines(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to '-', repeats numbered. */
function anchorsOf(path) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))].filter((f) => existsSync(f));
const anchorCache = new Map();
const problems = [];

for (const file of files) {
  proseLines(readFileSync(file, 'utf8')).forEach((line, i) => {
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, anchor] = target.split('#', 2);
      const targetPath = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file;
      const where = `${relative(root, file)}:${i + 1}`;
      if (!existsSync(targetPath)) {
        problems.push(`${where}: ${target}: no such file`);
        continue;
      }
      if (!anchor || !targetPath.endsWith('.md') || statSync(targetPath).isDirectory()) continue;
      if (!anchorCache.has(targetPath)) anchorCache.set(targetPath, anchorsOf(targetPath));
      if (!anchorCache.get(targetPath).has(decodeURIComponent(anchor).toLowerCase())) {
        problems.push(`${where}: ${target}: no heading makes #${anchor}`);
      }
    }
  });
}

if (problems.length > 0) {
  console.error(`Broken links in the docs (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Doc links: ${files.length} files checked, every relative link resolves.`);
