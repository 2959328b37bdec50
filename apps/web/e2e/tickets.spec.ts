import { SEARCH_DEBOUNCE_MS } from '@app/contracts/client';
import { TICKET_MSG } from '@app/contracts/tickets';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  latestMail,
  registerMember,
  rootSession,
  SHOTS,
  signInAdmin,
  uniq,
  useMemberSession,
} from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A full-page screenshot at desktop and at phone width. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/tickets-${name}.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/tickets-${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('a member asks support, an admin answers and changes the status, the member sees both and closes the query', async ({
  page,
  browser,
}) => {
  const root = await rootSession();
  const admin = await adminToken();
  const member = await registerMember(root.auth.refferal_code, 'Quinn Query');
  const subject = `Withdrawal pending ${uniq()}`;
  const faq = await api('/support/add', {
    token: admin,
    body: { title: 'How long do withdrawals take?', content: 'Most are paid within 24 hours.' },
  });
  expect(faq.status).toBe(201);

  // The member's Support page: no queries yet, the help entry, a way to ask.
  await useMemberSession(page, member);
  await page.goto('/user/queries');
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not asked anything yet.')).toBeVisible();
  await page.getByText('How long do withdrawals take?').click();
  await expect(page.getByText('Most are paid within 24 hours.')).toBeVisible();
  await shoot(page, 'member-empty');

  // Creating a query: the contract's messages on an empty form, then the spec's success message.
  await page.getByRole('link', { name: 'New query' }).first().click();
  await expect(page).toHaveURL(/\/user\/query\/create$/);
  const form = page.getByRole('form', { name: 'New query' });
  await form.getByRole('button', { name: 'Send query' }).click();
  await expect(form.getByText(TICKET_MSG.subjectRequired)).toBeVisible();
  await expect(form.getByText(TICKET_MSG.messageRequired)).toBeVisible();
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Category').selectOption({ label: 'Withdrawals' });
  await form.getByText('High', { exact: true }).click();
  await form.getByLabel('Message').fill('I asked for 40 USDT three days ago.\nIt still says pending.');
  await shoot(page, 'member-create');
  await form.getByRole('button', { name: 'Send query' }).click();
  await expect(page).toHaveURL(/\/user\/queries\/\d+$/);
  const ticketId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByTestId('ticket-status').first()).toHaveText('Open');
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem')).toHaveCount(1);
  await expect(conversation).toContainText('It still says pending.');

  // The admin finds it among the open tickets, answers, then marks it in progress.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const adminPage = await adminContext.newPage();
  await signInAdmin(adminPage);
  await clientNavigate(adminPage, '/admin/tickets');
  await adminPage
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: /^Open/ })
    .click();
  await expect(adminPage).toHaveURL(/status=open/);
  await adminPage.getByLabel('Search', { exact: true }).fill(subject);
  await expect(adminPage).toHaveURL(/search=/); // applied once typing pauses
  const row = adminPage.getByRole('row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('High');
  await expect(adminPage.getByRole('row')).toHaveCount(2); // header + the one match
  await shoot(adminPage, 'admin-list');
  // Opening the ticket right after typing in the search, while the ticket page's code is still on
  // its way: the search applying late must not take the admin back to the list (it did, and the
  // reply form never came). The page's clock is paused and the page's code held back, so the search
  // pause ends exactly then, however busy the machine.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await adminPage.route('**/assets/TicketPage-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await adminPage.clock.pauseAt(Date.now() + 1_000);
  await adminPage.getByLabel('Search', { exact: true }).fill(`${subject} `);
  await row.getByRole('link', { name: subject }).click();
  await adminPage.clock.runFor(SEARCH_DEBOUNCE_MS + 50);
  release();
  await adminPage.clock.resume();
  const reply = adminPage.getByRole('form', { name: 'Reply' });
  await expect(reply).toBeVisible();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/ticket/${ticketId}$`));
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByText(TICKET_MSG.messageRequired)).toBeVisible();
  await reply
    .getByLabel('Your reply')
    .fill('We found it: the payout went out today. Please check your wallet.');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(adminPage.getByTestId('ticket-status').first()).toHaveText('Answered');
  await expect(adminPage.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(2);
  const statusForm = adminPage.getByRole('form', { name: 'Change status' });
  await statusForm.getByLabel('Set status to').selectOption('in_progress');
  await statusForm.getByRole('button', { name: 'Update status' }).click();
  await expect(adminPage.getByTestId('ticket-status').first()).toHaveText('In progress');
  await expectNoSeriousViolations(adminPage, 'admin ticket');
  await shoot(adminPage, 'admin-ticket');

  // The member was e-mailed once, with a link to the query.
  const mail = await latestMail(member.email);
  expect(mail.subject).toBe(`Your query #${ticketId} has been answered`);
  expect(mail.body_text).toContain(`/user/queries/${ticketId}`);

  // The member sees the reply, signed by the support team, and the new status; replies; closes.
  await page.reload();
  await expect(page.getByTestId('ticket-status').first()).toHaveText('In progress');
  const supportBubble = conversation.getByRole('listitem').nth(1);
  await expect(supportBubble).toContainText('the payout went out today');
  await expect(supportBubble).toContainText('Support team');
  await expect(supportBubble).not.toContainText('admin');
  const memberReply = page.getByRole('form', { name: 'Reply' });
  await memberReply.getByLabel('Your reply').fill('Received, thank you!');
  await memberReply.getByRole('button', { name: 'Send reply' }).click();
  await expect(conversation.getByRole('listitem')).toHaveCount(3);
  await expectNoSeriousViolations(page, 'member query');
  await shoot(page, 'member-conversation');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(conversation.getByRole('listitem')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/tickets-member-conversation-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await page.getByRole('button', { name: 'Close query' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close query' }).click();
  await expect(page.getByTestId('ticket-status').first()).toHaveText('Closed');
  await expect(page.getByText(TICKET_MSG.closed)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reply' })).toHaveCount(0);

  // The list shows the query as closed; the admin sees it closed, with no reply box.
  await page.getByRole('link', { name: 'All queries' }).click();
  const item = page.getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByTestId('ticket-status')).toHaveText('Closed');
  await shoot(page, 'member-list');
  await clientNavigate(adminPage, '/admin/tickets');
  await clientNavigate(adminPage, `/admin/ticket/${ticketId}`);
  await expect(adminPage.getByTestId('ticket-status').first()).toHaveText('Closed');
  // the admin side says how support reopens it, not the member's "create a new query"
  await expect(
    adminPage.getByText(/This ticket is closed and takes no more replies\. Set its status to Open/),
  ).toBeVisible();
  await expect(adminPage.getByText(TICKET_MSG.closed)).toHaveCount(0);
  await expect(adminPage.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);

  // Another member cannot open it.
  const other = await registerMember(root.auth.refferal_code, 'Nosy Neighbour');
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await useMemberSession(otherPage, other);
  await otherPage.goto(`/user/queries/${ticketId}`);
  await expect(otherPage.getByRole('alert')).toContainText('You are not allowed to do this');
  await expect(otherPage.getByText('the payout went out today')).toHaveCount(0);

  // Help entries are kept in the back-office.
  await clientNavigate(adminPage, '/admin/support');
  await expect(adminPage.getByRole('row').filter({ hasText: 'How long do withdrawals take?' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'New entry' }).click();
  const entry = adminPage.getByRole('form', { name: 'Help entry' });
  await entry.getByText('Contact', { exact: true }).click();
  await entry.getByRole('button', { name: 'Add entry' }).click();
  await expect(entry.getByText('Title is required')).toBeVisible();
  await entry.getByLabel('Channel').fill('E-mail');
  await entry.getByLabel('Detail').fill('help@earnhub.test, answered within a day');
  await entry.getByRole('button', { name: 'Add entry' }).click();
  await expect(adminPage.getByRole('row').filter({ hasText: 'help@earnhub.test' })).toContainText('Contact');
  await shoot(adminPage, 'admin-support');
  await otherPage.goto('/user/queries');
  await expect(otherPage.getByText('help@earnhub.test, answered within a day')).toBeVisible();
  await otherContext.close();
  await adminContext.close();
});
