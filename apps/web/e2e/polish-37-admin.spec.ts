import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { creditByTwo } from './four-eyes-support';
import { withdrawingMember } from './money-support';
import {
  adminToken,
  api,
  clientNavigate,
  rootSession,
  shoot,
  signInAdmin,
  sql,
  uniq,
  useMemberSession,
} from './support';

/**
 * Issue 37, items 5, 16, 17 and 21 in the back-office: another admin's e-mail changed from Team (by a
 * link to the new address), the setup list by role, the payout column, and filter selects that show
 * their whole text.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'Harbour-Lantern-42';

/** An admin joined through the invitation API the Team screen uses. */
async function joinAdmin(email: string, fullname: string, roles: string[]) {
  const invited = await api<{ link: string }>('/admins/invitations', {
    token: await adminToken(),
    body: { email, fullname, roles },
  });
  expect(invited.status, invited.data.message).toBe(201);
  const token = new URL(invited.data.link).pathname.split('/').pop()!;
  const accepted = await api(`/admin-invitations/${token}`, { body: { password: PASSWORD } });
  expect(accepted.status, accepted.data.message).toBe(201);
  return { email, password: PASSWORD };
}

async function seriousAxe(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function adminSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in to back-office' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test("item 5: the setup item sends the owner to Team, who changes fiona's e-mail by a link to the new address", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const old = `fiona-${uniq()}@example.com`;
  const fresh = `fiona-${uniq()}@company.test`;
  await joinAdmin(old, 'Fiona Park', ['finance']);

  await signInAdmin(page);
  const item = page.locator('[data-setup-item="admin-email"]');
  await expect(item).toContainText(old);
  await expect(item).toContainText('under Team');
  await item.getByRole('link', { name: /Go to Team/ }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);

  await page.getByRole('button', { name: 'Change e-mail of Fiona Park' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  await expect(dialog).toContainText(`now signs in as ${old}`);
  await dialog.getByLabel('New email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await dialog.getByLabel('New email').fill(fresh);
  await shoot(page, '37-5-email-dialog');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  // no mail server in these tests: the owner is handed the link, and nothing claims a mail went out
  const ready = page.getByRole('dialog', { name: 'Confirmation link ready' });
  await expect(ready).toContainText('nothing was e-mailed');
  const link = (await ready.getByTestId('email-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/admin-email\/[A-Za-z0-9_-]{20,}$/);
  expect(await seriousAxe(page)).toEqual([]);
  await shoot(page, '37-5-email-link');
  await ready.getByRole('button', { name: 'Done' }).click();
  // nothing changed yet: Team says the change waits for the link
  const row = page.getByRole('row').filter({ hasText: 'Fiona Park' });
  await expect(row).toContainText(old);
  await expect(row.getByTestId('pending-email')).toContainText(fresh);

  // whoever holds the new address opens the link (another browser): the page shows the change, and
  // only the button makes it
  const holderContext = await browser.newContext();
  const holder = await holderContext.newPage();
  await holder.goto(new URL(link).pathname);
  await expect(holder.getByTestId('new-email')).toHaveText(fresh);
  await expect(holder.getByText(old)).toBeVisible();
  expect(await seriousAxe(holder)).toEqual([]);
  await shoot(holder, '37-5-email-confirm');
  expect((await sql('SELECT 1 FROM users WHERE email = $1', [fresh])).length).toBe(0);
  await holder.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(holder.getByRole('heading', { name: 'Address changed' })).toBeVisible();
  await shoot(holder, '37-5-email-changed');
  // the link works once
  await holder.goto(new URL(link).pathname);
  await expect(holder.getByText(/expired, was replaced by a newer one or was already used/)).toBeVisible();
  await holderContext.close();

  // Fiona signs in with the new address
  const fiona = await browser.newPage();
  await adminSignIn(fiona, fresh, PASSWORD);
  await fiona.close();
  const audit = await sql(
    `SELECT action FROM audit_log WHERE action LIKE 'admin.email.%' AND after->>'email' = $1`,
    [fresh],
  );
  expect(audit).toEqual([{ action: 'admin.email.change' }]);
  // the old address is told
  const notice = await sql(
    `SELECT template FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`,
    [old],
  );
  expect(notice).toEqual([{ template: 'admin_email_changed' }]);
});

test('item 21: a finance admin and a support admin see only the setup items they can fix', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const roles = [
    ['finance', `finance-${uniq()}@e2e.test`],
    ['support', `support-${uniq()}@e2e.test`],
  ] as const;
  for (const [role, email] of roles) {
    await joinAdmin(email, `Only ${role}`, [role]);
    await adminSignIn(page, email, PASSWORD);
    const setup = page.getByRole('region', { name: 'Finish setting up' });
    await expect(setup.locator('[data-setup-item]')).toHaveCount(1);
    await expect(setup.locator('[data-setup-item="two-factor"]')).toBeVisible();
    // what only an owner (or the operator) can do is not hers
    await expect(setup).not.toContainText('Connect a mail server');
    await expect(setup).not.toContainText('Add a plan');
    await expect(setup).not.toContainText('Invite a second finance admin');
    await expect(setup).toContainText('owners see the rest');
    await expect(setup.getByRole('button', { name: /Dismiss/ })).toHaveCount(0);
    await shoot(page, `37-21-setup-${role}`);
  }
  // the owner still sees the platform's items
  await signInAdmin(page);
  const owner = page.getByRole('region', { name: 'Finish setting up' });
  await expect(owner.locator('[data-setup-item="mail"]')).toBeVisible();
});

test('item 16: the withdrawal list has no payout column when on-chain payouts are off', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const root = await rootSession();
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const member = await withdrawingMember(root.auth.refferal_code, `Payee ${uniq()}`, address);
  await creditByTwo(member.auth.id, 'earnings', 50, 'E2E payout column');
  const asked = await api<{ withdrawal: { username: string } }>('/withdrawalrequest/add', {
    token: member.auth.token,
    body: { amount: 20, network: 'BEP20', password: member.password },
  });
  expect(asked.status, asked.data.message).toBe(201);

  // this server has a hot wallet (PAYOUT_PRIVATE_KEY): a pending BEP20 request can be chosen
  await page.setViewportSize(DESKTOP);
  await signInAdmin(page);
  await clientNavigate(page, '/admin/withdrawals');
  const table = page.getByRole('table', { name: 'Withdrawals' });
  await expect(table.getByRole('row').filter({ hasText: asked.data.withdrawal.username })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Choose for payout' })).toHaveCount(1);

  // an install without a hot wallet: the server answers `configured: false` (this one has a key, so
  // its answer is changed on the way; everything else is the server's)
  const off = await browser.newPage({ viewport: DESKTOP });
  await off.route('**/api/v1/withdrawalrequest/payout/wallet', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), configured: false } });
  });
  await signInAdmin(off);
  await clientNavigate(off, '/admin/withdrawals');
  const list = off.getByRole('table', { name: 'Withdrawals' });
  await expect(list.getByRole('row').filter({ hasText: asked.data.withdrawal.username })).toBeVisible();
  await expect(list.getByRole('columnheader', { name: 'Choose for payout' })).toHaveCount(0);
  await expect(list.getByRole('checkbox')).toHaveCount(0);
  await expect(list.getByRole('columnheader').first()).toHaveText('Requested');
  await off.screenshot({ path: '/tmp/shots/37-16-withdrawals-no-payouts.png', fullPage: true });
  await off.close();
});

/**
 * Whether every option of every select on the page fits in its select: the widest option's text,
 * measured in the select's own font, against the room between its paddings (a closed select shows
 * the chosen option there; what does not fit is cut, "All statuse").
 */
async function cutSelects(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d')!;
    const cut: string[] = [];
    for (const select of Array.from(document.querySelectorAll('main select')) as HTMLSelectElement[]) {
      if (!select.offsetParent) continue;
      const style = getComputedStyle(select);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      for (const option of Array.from(select.options)) {
        const width = ctx.measureText(option.text).width;
        if (width > room + 0.5)
          cut.push(
            `${select.labels[0]?.textContent ?? select.name}: "${option.text}" ${Math.ceil(width)} > ${Math.floor(room)}`,
          );
      }
    }
    return cut;
  });
}

test('item 17: no filter select cuts an option, at 1280 and 390', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const root = await rootSession();
  const pages = [
    `/admin/check/profile/${root.auth.id}`,
    '/admin/withdrawals',
    '/admin/roi-request',
    '/admin/deposits',
    '/admin/topup',
    '/admin/users',
    '/admin/mail',
    '/admin/reward-transactions',
    '/admin/fraud',
    '/admin/tickets',
    '/admin/leadership',
    '/admin/approvals',
    '/admin/audit',
  ];
  await signInAdmin(page);
  const found: string[] = [];
  for (const path of pages) {
    await clientNavigate(page, path);
    await expect(page.locator('main select').first()).toBeVisible();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect(page.locator('main select').first()).toBeVisible();
      found.push(...(await cutSelects(page)).map((c) => `${path} at ${size.width}: ${c}`));
    }
    await page.setViewportSize(DESKTOP);
  }
  await clientNavigate(page, '/admin/audit');
  await shoot(page, '37-17-audit-filters');
  await clientNavigate(page, `/admin/check/profile/${root.auth.id}`);
  await expect(page.locator('main select').first()).toBeVisible();
  await shoot(page, '37-17-ledger-filters');

  // the member's lists with filters
  const member = await browser.newPage();
  await useMemberSession(member, root);
  for (const path of ['/transactions/all', '/user/withdrawal']) {
    await member.goto(path);
    await expect(member.locator('main select').first()).toBeVisible();
    for (const size of [DESKTOP, PHONE]) {
      await member.setViewportSize(size);
      found.push(...(await cutSelects(member)).map((c) => `${path} at ${size.width}: ${c}`));
    }
    await member.setViewportSize(DESKTOP);
  }
  await member.close();
  expect(found).toEqual([]);
});
