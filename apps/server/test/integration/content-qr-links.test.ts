import { QR_MSG } from '@app/contracts/qr-links';
import { describe, expect, it } from 'vitest';
import { a, admin, auditActions, b, count, notAdmins, t, useContentApp } from './content-fixtures.js';

useContentApp();

describe('QR links', () => {
  const link = { title: 'Community chat', url: 'https://t.me/earnhub_community' };

  it('lets only an admin add, edit and delete links; members see the active ones, admins all', async () => {
    for (const [who, token] of notAdmins()) {
      expect((await t.call('POST', '/qr/add', { token, body: link })).status, who).toBe(token ? 403 : 401);
    }
    expect(await count('qr_links')).toBe(0);
    const created = await t.call('POST', '/qr/add', { token: admin, body: link });
    expect(created).toMatchObject({
      status: 201,
      body: { message: QR_MSG.created, qrlink: { ...link, active: true } },
    });
    const id = created.body.qrlink.id as number;
    const hidden = (
      await t.call('POST', '/qr/add', {
        token: admin,
        body: { title: 'Draft guide', url: 'http://example.com/guide', active: false },
      })
    ).body.qrlink.id as number;

    expect((await t.call('GET', '/qr')).status).toBe(401);
    for (const token of [a.token, b.token]) {
      const res = await t.call('GET', '/qr', { token });
      expect(res.status).toBe(200);
      expect(res.body.qrlinks.map((l: { id: number }) => l.id)).toEqual([id]);
      expect(res.body.total).toBe(1);
    }
    const all = await t.call('GET', '/qr', { token: admin });
    expect(all.body.qrlinks.map((l: { id: number }) => l.id)).toEqual([hidden, id]);

    for (const [who, token] of notAdmins()) {
      expect((await t.call('PUT', `/qr/${hidden}`, { token, body: { active: true } })).status, who).toBe(
        token ? 403 : 401,
      );
      expect((await t.call('DELETE', `/qr/${id}`, { token })).status, who).toBe(token ? 403 : 401);
    }
    const shown = await t.call('PUT', `/qr/${hidden}`, { token: admin, body: { active: true } });
    expect(shown).toMatchObject({ status: 200, body: { message: QR_MSG.updated, qrlink: { active: true } } });
    expect((await t.call('GET', '/qr', { token: a.token })).body.qrlinks).toHaveLength(2);

    expect(await t.call('DELETE', `/qr/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: QR_MSG.deleted },
    });
    expect(
      (await t.call('GET', '/qr', { token: b.token })).body.qrlinks.map((l: { id: number }) => l.id),
    ).toEqual([hidden]);
    expect((await t.call('DELETE', `/qr/${id}`, { token: admin })).status).toBe(404);
    expect(await auditActions('qr_link', id)).toEqual(['qr.create', 'qr.delete']);
    expect(await auditActions('qr_link', hidden)).toEqual(['qr.create', 'qr.update']);
  });

  it('refuses bad links with a clear 400 and changes nothing', async () => {
    const before = await count('qr_links');
    const cases: Array<[unknown, string]> = [
      [{ url: link.url }, QR_MSG.titleRequired],
      [{ title: 'No URL' }, QR_MSG.urlRequired],
      [{ title: 'Empty URL', url: '  ' }, QR_MSG.urlRequired],
      [{ title: 'Script', url: 'javascript:alert(1)' }, QR_MSG.urlInvalid],
      [{ title: 'Data', url: 'data:text/html,<script>alert(1)</script>' }, QR_MSG.urlInvalid],
      [{ title: 'No scheme', url: 't.me/earnhub' }, QR_MSG.urlInvalid],
      [{ ...link, url: `https://example.com/${'a'.repeat(1000)}` }, 'URL must be at most 1000 characters'],
      [{ ...link, active: 'yes' }, 'Active must be true or false'],
    ];
    for (const [input, message] of cases) {
      const res = await t.call('POST', '/qr/add', { token: admin, body: input });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await count('qr_links')).toBe(before);

    const { id } = (await t.call('POST', '/qr/add', { token: admin, body: link })).body.qrlink;
    const bad = await t.call('PUT', `/qr/${id}`, { token: admin, body: { url: 'ftp://files.example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(QR_MSG.urlInvalid);
    const stored = (await t.call('GET', '/qr', { token: admin })).body.qrlinks.find(
      (l: { id: number }) => l.id === id,
    );
    expect(stored.url).toBe(link.url);
  });
});
