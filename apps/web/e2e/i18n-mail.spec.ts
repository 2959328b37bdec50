import { AUTH_STORAGE_KEY } from '@app/contracts/client';
import { expect, test } from '@playwright/test';
import { creditByTwo } from './four-eyes-support';
import { BEP20 } from './money-support';
import { adminToken, api, latestMail, rootSession, SHOTS, uniq } from './support';

/*
 * Issue 38: a member who registers from a Spanish browser gets their mail in Spanish. The
 * verification code is asked for and typed on the Spanish profile page, its mail read as the
 * operator reads the outbox; a withdrawal the admin refuses is told in Spanish, the amount in
 * Spanish figures. The words expected are what a Spanish reader checks, from the shipped catalogs.
 */
test.use({ locale: 'es-ES', viewport: { width: 390, height: 844 } });

test('a member registered in Spanish verifies their e-mail from a Spanish mail and hears of a refused withdrawal in Spanish', async ({
  page,
}) => {
  const root = await rootSession();
  const email = `es-${uniq()}@e2e.test`;
  const password = 'SpanishPass123';

  await page.goto(`/registration?ref=${root.auth.refferal_code}`);
  await page.getByLabel('Nombre completo').fill('Lucía Gómez');
  await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await page.getByLabel('Teléfono').fill('447700900123');
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // the contract's own check, in Spanish (the checks catalog)
  await expect(page.getByText('Introduce un correo electrónico válido')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const session = await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
  const auth = JSON.parse(session ?? '{}') as { state?: { auth?: { id: number; token: string } } };
  const member = auth.state?.auth;
  expect(member?.id, 'the signed-in member').toBeTruthy();

  await page.goto(`/user/profile/${member?.id}#verify`);
  const verify = page.locator('#verify');
  await expect(verify.getByText('Sin verificar')).toBeVisible();
  await verify.getByRole('button', { name: 'Enviar código' }).click();
  await expect(verify.getByLabel('Código de verificación')).toBeVisible();

  const codeMail = await latestMail(email);
  const code = /\b(\d{6})\b/.exec(codeMail.body_text)?.[1] ?? '';
  expect(codeMail.subject).toBe(`Tu código de verificación: ${code}`);
  expect(codeMail.body_text).toContain(`Tu código para verificar el correo electrónico es ${code}.`);
  expect(codeMail.body_text).not.toMatch(/Hello|Your code/);

  await verify.getByLabel('Código de verificación').fill(code);
  await verify.getByRole('button', { name: 'Verificar correo' }).click();
  await expect(verify.getByText('Verificado', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/i18n-mail-verified-es.png`, fullPage: true });

  // a withdrawal, refused by the admin: the decision mail is Spanish
  const token = member?.token ?? '';
  const saved = await api(`/users/${member?.id}`, { method: 'PUT', token, body: { bep20: BEP20 } });
  expect(saved.status).toBe(200);
  await creditByTwo(member?.id ?? 0, 'earnings', 50, 'E2E Spanish mail');
  const asked = await api<{ withdrawal: { id: number } }>('/withdrawalrequest/add', {
    token,
    idempotencyKey: `e2e-es-mail-${member?.id}`,
    body: { amount: 30, network: 'BEP20', password },
  });
  expect(asked.status, JSON.stringify(asked.data)).toBe(201);
  const id = asked.data.withdrawal.id;
  const refused = await api(`/withdrawalrequest/${id}`, {
    method: 'PUT',
    token: await adminToken(),
    body: { status: 'rejected', reason: 'Dirección en una lista de sanciones' },
  });
  expect(refused.status, JSON.stringify(refused.data)).toBe(200);
  await expect
    .poll(async () => (await latestMail(email)).subject)
    .toBe(`Tu retiro n.º ${id} ha sido rechazado`);
  const decided = await latestMail(email);
  expect(decided.body_text).toContain('Motivo: Dirección en una lista de sanciones');
  expect(decided.body_text).toContain(
    'los 30,00 USDT completos vuelven a estar en tu billetera de ganancias',
  );
});
