#!/usr/bin/env node
/**
 * The language catalogs' CI check (issue 38; run by `npm run lint`). Fails when:
 *  1. the catalogs are behind the code: a message in the source is in no catalog (run
 *     `npm run i18n:extract`), since a production build would show its id;
 *  2. a shipped language misses a translation in a catalog members or visitors read (every
 *     catalog but the back-office's `admin`, which may fall back to English);
 *  3. a message does not compile in some language (ICU syntax), or its translation does not keep
 *     the source's variables and tags ({name}, <0>...</0>): a translation that drops {amount}
 *     would show a sentence without the amount;
 *  4. a file of the member, public or back-office screens shows an English literal outside the catalogs: JSX
 *     text, a user-visible string attribute (placeholder, aria-label, title, label, ...), or a
 *     string in a JSX expression. Files not converted yet are listed in i18n-allowlist.txt, which
 *     only shrinks: an entry whose file has no literal left fails too, so it gets removed.
 * `--write-allowlist` rewrites the allowlist from the current files (to start, not to hide).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
// Lingui 6's CLI needs Node 22's glob functions: the shim must load before it
import './node20-glob.mjs';

const { getConfig } = await import('@lingui/conf');
const { getCatalogs } = await import('@lingui/cli/api');
const { compileMessageOrThrow } = await import('@lingui/message-utils/compileMessage');

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const ALLOWLIST = join(web, 'scripts', 'i18n-allowlist.txt');
const PSEUDO = 'pseudo';
/** The back-office's catalogs may fall back to English; every other one is read by members or visitors. */
const MAY_FALL_BACK = new Set(['admin', 'admin-login']);

const problems = [];
const fail = (text) => problems.push(text);

// ---- 1-3: the catalogs
const config = getConfig({ cwd: web, configPath: join(web, 'lingui.config.ts') });
const catalogs = await getCatalogs(config);
const shipped = config.locales.filter((locale) => locale !== PSEUDO && locale !== config.sourceLocale);

// a {variable} or the argument of a {count, plural, ...}: not the first word of a plural's branch
// ("one {Your plan ...}"), which a translation words its own way
const placeholders = (text) =>
  [
    ...text.matchAll(
      /\{\s*(\w+)\s*(?:\}|,\s*(?:plural|select|selectordinal|number|date|time)\b)|<\/?(\d+)\/?>/g,
    ),
  ]
    .map((m) => (m[1] ? `{${m[1]}}` : `<${m[2]}>`))
    .sort();

for (const catalog of catalogs) {
  const source = (await catalog.readAll([config.sourceLocale]))[config.sourceLocale] ?? {};
  const collected = await catalog.collect();
  for (const [id, entry] of Object.entries(collected)) {
    if (!source[id])
      fail(
        `${catalog.name}: "${entry.message ?? id}" is in the code but not in the catalogs: run npm run i18n:extract`,
      );
  }
  for (const locale of [config.sourceLocale, ...shipped]) {
    const messages = (await catalog.readAll([locale]))[locale] ?? {};
    for (const [id, entry] of Object.entries(source)) {
      if (entry.obsolete) continue;
      const english = entry.message ?? entry.translation ?? id;
      const translation = messages[id]?.translation;
      if (!translation) {
        if (locale !== config.sourceLocale && !MAY_FALL_BACK.has(catalog.name))
          fail(`${catalog.name} ${locale}: no translation of "${english}"`);
        continue;
      }
      try {
        compileMessageOrThrow(translation);
      } catch (error) {
        fail(`${catalog.name} ${locale}: "${translation}" does not compile (${error.message})`);
        continue;
      }
      if (placeholders(translation).join() !== placeholders(english).join())
        fail(
          `${catalog.name} ${locale}: "${translation}" does not keep the variables and tags of "${english}"`,
        );
    }
  }
}

// ---- 4: English literals in the member, public and back-office screens (the back-office's own words
// go through the `admin` catalog too: English shipped, other languages added by the operator)
const SCANNED = [
  'src/features/public',
  'src/features/member',
  'src/features/admin',
  'src/components',
  'src/app',
];
const ATTRIBUTES = new Set([
  'placeholder',
  'aria-label',
  'title',
  'label',
  'alt',
  'hint',
  'subtitle',
  'description',
]);
/** Words that are the same in every language (the product's and networks' names). */
const NAMES = new Set(['EarnHub', 'USDT', 'BEP20', 'TRC20', 'BNB Smart Chain']);
const MESSAGE_TAGS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

const isWords = (text) => {
  let rest = text;
  for (const name of NAMES) rest = rest.replaceAll(name, ' ');
  return /\p{L}{2,}/u.test(rest);
};

function files(dir) {
  return readdirSync(join(web, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx$/.test(entry.name) ? [path] : [];
  });
}

function insideMessage(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && MESSAGE_TAGS.has(parent.openingElement.tagName.getText())) return true;
  }
  return false;
}

function literalsIn(expression, found) {
  if (!expression) return;
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    if (isWords(expression.text)) found.push(expression.text);
  } else if (ts.isTemplateExpression(expression)) {
    const text = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(
      ' ',
    );
    if (isWords(text)) found.push(expression.getText());
  } else if (ts.isConditionalExpression(expression)) {
    literalsIn(expression.whenTrue, found);
    literalsIn(expression.whenFalse, found);
  } else if (ts.isBinaryExpression(expression)) {
    literalsIn(expression.right, found);
  } else if (ts.isParenthesizedExpression(expression)) {
    literalsIn(expression.expression, found);
  }
}

function englishLiterals(path) {
  const text = readFileSync(join(web, path), 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const visit = (node) => {
    if (ts.isJsxText(node) && isWords(node.text) && !insideMessage(node)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) literalsIn(node.initializer, found);
      else if (ts.isJsxExpression(node.initializer)) literalsIn(node.initializer.expression, found);
    }
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    )
      if (!insideMessage(node)) literalsIn(node.expression, found);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const withLiterals = new Map();
for (const path of SCANNED.flatMap(files)) {
  const found = englishLiterals(path);
  if (found.length > 0) withLiterals.set(relative(web, join(web, path)), found);
}

if (process.argv.includes('--write-allowlist')) {
  const header =
    '# Files of the screens not converted to the language catalogs yet (issue 38).\n' +
    '# scripts/i18n-check.mjs fails on an English literal in any other file, and on an entry here\n' +
    '# whose file has none left: convert a file, then delete its line. The goal is an empty list.\n';
  writeFileSync(ALLOWLIST, `${header}${[...withLiterals.keys()].sort().join('\n')}\n`);
}

const allowed = new Set(
  readFileSync(ALLOWLIST, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);
for (const [path, found] of withLiterals) {
  if (!allowed.has(path))
    fail(
      `${path}: English outside the catalogs (use <Trans> or t\`\`): ${found
        .slice(0, 3)
        .map((s) => JSON.stringify(s))
        .join(', ')}`,
    );
}
for (const path of allowed) {
  if (!withLiterals.has(path))
    fail(`${path} has no English literal left: delete its line from scripts/i18n-allowlist.txt`);
}

if (problems.length > 0) {
  console.error(`i18n check: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `i18n check: ${catalogs.length} catalogs in ${shipped.length + 1} languages complete and compiling; ` +
    `${allowed.size} files of the screens still to convert (scripts/i18n-allowlist.txt)`,
);
