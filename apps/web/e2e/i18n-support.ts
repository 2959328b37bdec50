import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SHOTS } from './support';

/**
 * Issue 38: what a member screen in another language must not show. The English sentences come
 * from the catalogs themselves (the `#:` references of the en/*.po files), so a literal added to a
 * screen and translated nowhere fails the spec that opens the screen.
 */
const LOCALES_DIR = path.join(import.meta.dirname, '..', 'src', 'locales');

function entries(locale: string): Map<string, { files: string[]; text: string }> {
  const dir = path.join(LOCALES_DIR, locale);
  const po = readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n\n');
  const found = new Map<string, { files: string[]; text: string }>();
  for (const block of po.split(/\n\n+/)) {
    const files = [...block.matchAll(/^#: (.+)$/gm)].flatMap((m) => (m[1] ?? '').split(' '));
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const text = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (id) found.set(id, { files, text: text ?? '' });
  }
  return found;
}

/**
 * The English sentences of a screen's files: the literal parts of each message (between its
 * {variables} and <0> tags) of two words or more, leaving out those a language writes the same.
 */
export function englishSentences(files: string[], lang: string): string[] {
  const english = entries('en');
  const translated = entries(lang);
  const sentences = new Set<string>();
  for (const [id, { files: where }] of english) {
    if (!where.some((file) => files.some((prefix) => file.startsWith(prefix)))) continue;
    const same = translated.get(id)?.text;
    for (const part of id.split(/\{[^}]*\}|<\/?\d+\/?>/)) {
      const text = part.replace(/\\"/g, '"').trim();
      if (text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length < 2) continue;
      if (same?.includes(text)) continue;
      sentences.add(text);
    }
  }
  return [...sentences];
}

export async function englishLeft(page: Page, sentences: string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return sentences.filter((sentence) => text.includes(sentence));
}

/** The elements that stick out past the screen's edges (the deepest ones), to say what to fix. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (box.right > window.innerWidth + 0.5 || box.left < -0.5) && el.children.length === 0;
      })
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 40)}"`)
      .join(', '),
  );
}

export interface Screen {
  name: string;
  path: string;
  /** The screen's source files (prefixes of the catalog's references). */
  files: string[];
  /** A CSS selector shown once the screen has its data. */
  ready: string;
}

/** This browser's chosen language (as the picker stores it), set before the app's first script. */
export async function chooseLanguage(page: Page, lang: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key ?? '', value ?? ''),
    ['earnhub.locale', lang],
  );
}

/**
 * Opens each screen (the page's language already chosen) and checks that it shows none of its
 * files' English sentences, is laid out in the language's direction and fits the screen's width;
 * a full-page screenshot of each goes to SHOTS as i18n-screen-<name>-<lang>.png.
 */
export async function showsNoEnglish(page: Page, screens: Screen[], lang: string): Promise<void> {
  for (const screen of screens) {
    const sentences = englishSentences(screen.files, lang);
    expect(sentences.length, `${screen.name}: English sentences found in the catalog`).toBeGreaterThan(0);
    await page.goto(screen.path);
    await expect(page.locator(screen.ready).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect
      .poll(() => englishLeft(page, sentences), { message: `${screen.name} in ${lang}: English left` })
      .toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(
      overflow,
      `${screen.name} in ${lang} is wider than the screen: ${await widest(page)}`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/i18n-screen-${screen.name}-${lang}.png`, fullPage: true });
  }
}
