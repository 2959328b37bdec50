import { NEWS_MSG } from '@app/contracts/news';
import { describe, expect, it } from 'vitest';
import { admin, auditActions, callers, count, notAdmins, t, useContentApp } from './content-fixtures.js';

useContentApp();

describe('news', () => {
  const body = { title: 'Withdrawals on Sunday', content: 'Withdrawals are processed on Sundays too.' };

  it('lets only an admin add, edit and delete news; anyone reads them', async () => {
    for (const [who, token] of notAdmins()) {
      expect((await t.call('POST', '/news/add', { token, body })).status, who).toBe(token ? 403 : 401);
    }
    expect(await count('news')).toBe(0);
    const created = await t.call('POST', '/news/add', { token: admin, body });
    expect(created).toMatchObject({ status: 201, body: { message: NEWS_MSG.created, news: body } });
    const id = created.body.news.id as number;

    for (const [who, token] of callers()) {
      const list = await t.call('GET', '/news/list', { token });
      expect(list.status, who).toBe(200);
      expect(
        list.body.allnews.map((n: { id: number }) => n.id),
        who,
      ).toContain(id);
      const one = await t.call('GET', `/news/${id}`, { token });
      expect(one, who).toMatchObject({ status: 200, body: { singlenews: { id, ...body } } });
    }

    for (const [who, token] of notAdmins()) {
      const put = await t.call('PUT', `/news/${id}`, { token, body: { title: 'Hacked' } });
      expect(put.status, who).toBe(token ? 403 : 401);
      expect((await t.call('DELETE', `/news/${id}`, { token })).status, who).toBe(token ? 403 : 401);
    }
    expect((await t.call('GET', `/news/${id}`)).body.singlenews.title).toBe(body.title);

    t.clock.advance(60_000);
    const edited = await t.call('PUT', `/news/${id}`, { token: admin, body: { title: 'Sunday payouts' } });
    expect(edited).toMatchObject({
      status: 200,
      body: { message: NEWS_MSG.updated, news: { title: 'Sunday payouts', content: body.content } },
    });
    expect(edited.body.news.updated_at).not.toBe(edited.body.news.created_at);

    expect(await t.call('DELETE', `/news/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { message: NEWS_MSG.deleted },
    });
    expect((await t.call('GET', `/news/${id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/news/${id}`, { token: admin })).status).toBe(404);
    expect((await t.call('PUT', `/news/${id}`, { token: admin, body: { title: 'x' } })).status).toBe(404);
    expect(await auditActions('news', id)).toEqual(['news.create', 'news.update', 'news.delete']);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await count('news');
    const cases: Array<[unknown, string]> = [
      [{ content: 'No title' }, NEWS_MSG.titleRequired],
      [{ title: '   ', content: 'Blank title' }, NEWS_MSG.titleRequired],
      [{ title: 'No content' }, NEWS_MSG.contentRequired],
      [{ title: 'x'.repeat(201), content: 'Long title' }, 'Title must be at most 200 characters'],
      [{ ...body, content: 'y'.repeat(5001) }, 'Content must be at most 5000 characters'],
      [{ ...body, pinned: true }, 'pinned'],
    ];
    for (const [input, message] of cases) {
      const res = await t.call('POST', '/news/add', { token: admin, body: input });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await count('news')).toBe(before);

    const { id } = (await t.call('POST', '/news/add', { token: admin, body })).body.news;
    const bad = await t.call('PUT', `/news/${id}`, { token: admin, body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(NEWS_MSG.titleRequired);
    expect((await t.call('GET', `/news/${id}`)).body.singlenews.title).toBe(body.title);
    expect((await t.call('GET', '/news/abc')).status).toBe(400);
  });

  it('lists newest first, a page at a time', async () => {
    await t.db.query('DELETE FROM news');
    for (const n of [1, 2, 3]) {
      t.clock.advance(1000);
      await t.call('POST', '/news/add', { token: admin, body: { title: `News ${n}`, content: 'Text' } });
    }
    const page1 = await t.call('GET', '/news/list?limit=2');
    expect(page1.body).toMatchObject({ total: 3, totalPages: 2, currentPage: 1 });
    expect(page1.body.allnews.map((n: { title: string }) => n.title)).toEqual(['News 3', 'News 2']);
    const page2 = await t.call('GET', '/news/list?limit=2&page=2');
    expect(page2.body.allnews.map((n: { title: string }) => n.title)).toEqual(['News 1']);
    expect((await t.call('GET', '/news/list?limit=101')).status).toBe(400);
  });
});
