import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, type Screen, showsNoEnglish } from './i18n-support';
import { adminToken, api, registerMember, rootSession, SHOTS, sql, uniq, useMemberSession } from './support';

/*
 * Issue 38, the member's support screens and the shared components they show (status filter,
 * pager, dialog frame, toasts): in Spanish, Arabic and Hindi on a 390 px phone, each screen shows
 * none of its files' English sentences and fits the screen, and what the member does on it (filter,
 * page, send an empty form, create a query, dismiss the toast, close the query) answers in the
 * member's language. The expected words are read from the shipped catalogs, so the test follows a
 * reworded translation and fails on a missing one.
 */

const LOCALES = path.join(import.meta.dirname, '..', 'src', 'locales');
const unquote = (text: string) => text.replace(/\\"/g, '"').replace(/\\\\/g, '\\');

/** A message of an area's catalog in a language (by its English id and context). */
function tr(lang: string, area: string, id: string, context?: string): string {
  const po = readFileSync(path.join(LOCALES, lang, `${area}.po`), 'utf8');
  for (const block of po.split(/\n\n+/)) {
    const ctx = /^msgctxt "(.*)"$/m.exec(block)?.[1];
    const msgid = /^msgid "(.*)"$/m.exec(block)?.[1];
    if (msgid === undefined || unquote(msgid) !== id || (ctx && unquote(ctx)) !== context) continue;
    const text = unquote(/^msgstr "(.*)"$/m.exec(block)?.[1] ?? '');
    expect(text, `${lang}/${area}.po: "${id}"`).not.toBe('');
    return text;
  }
  throw new Error(`${lang}/${area}.po has no "${id}"`);
}

/** An ICU plural message's branch for n in a language, with # written as n. */
function plural(message: string, n: number, lang: string): string {
  const branch = (key: string) => new RegExp(`\\b${key} \\{([^{}]*)\\}`).exec(message)?.[1];
  const text = branch(new Intl.PluralRules(lang).select(n)) ?? branch('other');
  if (text === undefined) throw new Error(`no branch for ${n} in ${message}`);
  return text.replace('#', String(n));
}

const QUERIES = ['src/features/member/queries/QueriesPage.tsx', 'src/features/member/queries/HelpCard.tsx'];
const TICKETS = ['src/components/tickets/', 'src/lib/ticket-labels.ts'];
const PAGER = ['src/components/ui/Pager.tsx'];

function screens(ticketId: number): Screen[] {
  return [
    {
      name: 'queries',
      path: '/user/queries',
      files: [...QUERIES, ...TICKETS, ...PAGER],
      ready: 'ul li [data-testid="ticket-status"]',
    },
    {
      // a status with no query: the filtered empty state
      name: 'queries-closed',
      path: '/user/queries?status=closed',
      files: [...QUERIES, ...TICKETS],
      ready: 'fieldset button[aria-pressed="true"]',
    },
    {
      name: 'query-create',
      path: '/user/query/create',
      files: ['src/features/member/queries/CreateQueryPage.tsx', ...TICKETS],
      ready: 'form textarea',
    },
    {
      name: 'query',
      path: `/user/queries/${ticketId}`,
      files: ['src/features/member/queries/QueryPage.tsx', ...TICKETS],
      ready: 'li[data-author="admin"]',
    },
  ];
}

/** The member's queries: ten older ones (SQL: the API allows 20 a minute) and one support answered. */
async function seedQueries(member: Awaited<ReturnType<typeof registerMember>>, tag: string) {
  await sql(
    `WITH t AS (
       INSERT INTO tickets (user_id, subject, category, created_at, last_reply_at)
       SELECT $1, 'Older question ' || g, 'general', now() - g * interval '1 day', now() - g * interval '1 day'
       FROM generate_series(1, 10) g RETURNING id, user_id)
     INSERT INTO ticket_responses (ticket_id, author_id, author_role, message)
     SELECT id, user_id, 'user', 'An older question.' FROM t`,
    [member.auth.id],
  );
  const subject = `Deposit ${tag}`;
  const created = await api<{ ticket: { ticket_id: number } }>('/tickets', {
    token: member.auth.token,
    body: { subject, message: 'My deposit of 50 USDT is not there.', category: 'deposit', priority: 'high' },
  });
  expect(created.status, created.data.message).toBe(201);
  const ticketId = created.data.ticket.ticket_id;
  const reply = await api(`/tickets/${ticketId}/responses`, {
    token: await adminToken(),
    body: { message: 'We credited it this morning.' },
  });
  expect(reply.status, reply.data.message).toBe(201);
  return { subject, ticketId };
}

async function toastSays(page: Page, lang: string, text: string) {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover(); // a toast waits while the pointer is on it
  await toast.getByRole('button', { name: tr(lang, 'errors', 'Dismiss notification') }).click();
  await expect(toast).toHaveCount(0);
}

test.describe('support screens on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

  for (const lang of ['es', 'ar', 'hi']) {
    test(`the member's queries in ${lang}`, async ({ page }) => {
      await chooseLanguage(page, lang);
      const root = await rootSession();
      const member = await registerMember(root.auth.refferal_code, `Tickets ${lang}`);
      const { subject, ticketId } = await seedQueries(member, uniq());
      await useMemberSession(page, member);
      await showsNoEnglish(page, screens(ticketId), lang);

      // The list: the answered query says so, the pager counts in the language and pages on.
      const support = (id: string, context?: string) => tr(lang, 'support', id, context);
      await page.goto('/user/queries');
      const row = page.getByRole('listitem').filter({ hasText: subject });
      await expect(row).toContainText(support('New reply from support'));
      await expect(row.getByTestId('ticket-status')).toHaveText(support('Answered', 'ticket status'));
      await expect(row).toContainText(support('Deposits', 'ticket category'));
      await expect(row).toContainText(
        plural(support('{messages, plural, one {# message} other {# messages}}'), 2, lang),
      );
      const pager = page.getByRole('navigation', { name: tr(lang, 'ui', 'Pagination') });
      const pageOf = (n: number) =>
        tr(lang, 'ui', 'Page {page} of {last}').replace('{page}', `${n}`).replace('{last}', '2');
      const count = plural(support('{total, plural, one {# query} other {# queries}}'), 11, lang);
      await expect(pager).toContainText(`${pageOf(1)} · ${count}`);
      await pager.getByRole('button', { name: tr(lang, 'ui', 'Next') }).click();
      await expect(pager).toContainText(pageOf(2));
      await expect(pager.getByRole('button', { name: tr(lang, 'ui', 'Previous') })).toBeEnabled();

      // The status filter: its words and counts; Answered leaves the one answered query.
      const filter = page.getByRole('group', { name: support('Filter by status') });
      await filter
        .getByRole('button', { name: new RegExp(`^${support('Answered', 'ticket status')}`) })
        .click();
      await expect(page).toHaveURL(/status=answered/);
      await expect(
        page.getByRole('list', { name: support('Your queries') }).getByRole('listitem'),
      ).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/i18n-tickets-filtered-${lang}.png`, fullPage: true });
      await filter
        .getByRole('button', { name: new RegExp(`^${support('Closed', 'ticket status')}`) })
        .click();
      await expect(page).toHaveURL(/status=closed/);
      await expect(
        page.getByText(support('No query with this status. Choose "All" to see every query.')),
      ).toBeVisible();

      // A new query: the form's checks, then the success toast and its Dismiss button.
      await page.goto('/user/query/create');
      const form = page.getByRole('form', { name: support('New query') });
      await form.getByRole('button', { name: support('Send query') }).click();
      await expect(form.getByText(support('Subject is required'))).toBeVisible();
      await expect(form.getByText(support('Message is required'))).toBeVisible();
      await form.getByLabel(support('Subject')).fill(`Withdrawal ${uniq()}`);
      await form
        .getByLabel(support('Category'))
        .selectOption({ label: support('Withdrawals', 'ticket category') });
      await form.getByText(support('High', 'ticket priority'), { exact: true }).click();
      await form.getByLabel(support('Message'), { exact: true }).fill('Is my withdrawal on its way?');
      await page.screenshot({ path: `${SHOTS}/i18n-tickets-create-filled-${lang}.png`, fullPage: true });
      await form.getByRole('button', { name: support('Send query') }).click();
      await expect(page).toHaveURL(/\/user\/queries\/\d+$/);
      await page.screenshot({ path: `${SHOTS}/i18n-tickets-toast-${lang}.png` });
      await toastSays(page, lang, support('Ticket created successfully!'));

      // The answered query: support's reply signed in the language; closing it through the dialog.
      await page.goto(`/user/queries/${ticketId}`);
      const conversation = page.getByRole('list', { name: support('Conversation') });
      await expect(conversation.locator('li[data-author="admin"]')).toContainText(support('Support team'));
      await page.getByRole('button', { name: support('Close query') }).click();
      const dialog = page.getByRole('dialog', { name: support('Close this query?') });
      await expect(dialog).toContainText(
        support(
          'Close it when your question is answered. A closed query takes no more replies; you can always create a new one.',
        ),
      );
      await expect(
        dialog.getByRole('button', { name: tr(lang, 'ui', 'Close', 'dialog'), exact: true }),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: support('Cancel') })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/i18n-tickets-close-dialog-${lang}.png` });
      await dialog.getByRole('button', { name: support('Close query') }).click();
      await toastSays(page, lang, support('Ticket status updated successfully!'));
      await expect(page.getByTestId('ticket-status').first()).toHaveText(support('Closed', 'ticket status'));
      await expect(
        page.getByText(
          support(
            'This ticket is closed and no longer takes replies. Create a new query if you still need help.',
          ),
        ),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/i18n-tickets-closed-${lang}.png`, fullPage: true });
    });
  }
});

// ClampedText is on the public home page, whose first visit loads the `home` catalog and not `ui`:
// its words are in both (lingui.config.ts); without `home` a production build shows a message id.
test('the home page news "Read more" in Spanish and Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Long news ${uniq()}`;
  const posted = await api('/news/add', {
    token: await adminToken(),
    body: { title, content: `${'Plans, payouts and the team: what changes this month. '.repeat(5)}The end.` },
  });
  expect(posted.status, posted.data.message).toBe(201);
  for (const lang of ['es', 'ar']) {
    await chooseLanguage(page, lang);
    await page.goto('/');
    const article = page.getByRole('article').filter({ hasText: title });
    await article.getByRole('button', { name: tr(lang, 'home', 'Read more') }).click();
    await expect(article.getByRole('button', { name: tr(lang, 'home', 'Show less') })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(article).toContainText('The end.');
    await page.screenshot({ path: `${SHOTS}/i18n-tickets-home-news-${lang}.png`, fullPage: true });
  }
});
