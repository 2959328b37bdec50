import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** Checks of a page at phone width (UI.md: nothing hidden off to the right). */

/** Screenshots of every list at phone width, looked at after each run. */
export const PHONE_SHOTS = '/tmp/shots-phone';
mkdirSync(PHONE_SHOTS, { recursive: true });

/**
 * What makes a page scroll sideways: the elements reaching past the right edge of the window (a
 * scrolled table's cells among them), or nothing when the page fits.
 */
export async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => {
        const { position } = getComputedStyle(el);
        return `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (${position}, right edge ${Math.round(el.getBoundingClientRect().right)} px)`;
      })
      .slice(0, 12);
  });
}

/**
 * The table cells, buttons, links and inputs of the page's main area that are out of view sideways:
 * past the window's edge, or past the edge of a box that scrolls or clips them (a wide table in its
 * scroll box keeps a page from scrolling, yet hides its last columns: a row's status and buttons).
 * Empty when every one can be seen without scrolling sideways.
 */
export async function offToTheRight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (el: Element) => {
      const cell = el.closest('td, th');
      const table = cell?.closest('table');
      const column =
        cell && table
          ? (table.querySelectorAll('thead th')[(cell as HTMLTableCellElement).cellIndex]?.textContent ?? '')
          : '';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50);
      return `${el.tagName.toLowerCase()} "${text}"${column ? ` in column "${column}"` : ''}`;
    };
    const shown = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      // display: none, or a screen-reader-only label (1 px, clipped on purpose)
      if (r.width <= 1 || r.height <= 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.opacity !== '0';
    };
    const out: string[] = [];
    const selector = 'td, th, button, a[href], input:not([type="hidden"]), select';
    for (const el of document.querySelectorAll<HTMLElement>(`main :is(${selector})`)) {
      if (!shown(el)) continue;
      let left = 0;
      let right = window.innerWidth;
      for (let box = el.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const r = box.getBoundingClientRect();
        left = Math.max(left, r.left);
        right = Math.min(right, r.right);
      }
      const r = el.getBoundingClientRect();
      if (r.right > right + 1 || r.left < left - 1) out.push(name(el));
    }
    return out.slice(0, 12);
  });
}
