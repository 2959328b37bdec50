import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a, buildScenario, csv, report, setupReports, t } from './reports-fixtures.js';

/** The CSV export of the reports, over the scenario of reports-fixtures.ts. */
beforeAll(async () => {
  await setupReports();
  await buildScenario();
});
afterAll(async () => t.close());

/** A small RFC 4180 reader, to check that what we wrote reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV export', () => {
  it('downloads every row of the filter with the table columns, escaped and formula-safe', async () => {
    const res = await csv('deposits?from=2026-11-01&to=2026-11-04&limit=1&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="deposits_2026-11-01_2026-11-04.csv"',
    );
    const text = res.body;
    expect(
      text.startsWith('\uFEFFID,Channel,Recorded,Member,Amount (USDT),Status,Credited or decided,Note\r\n'),
    ).toBe(true);
    // the note with a formula, commas, quotes and a line break: quoted, quotes doubled, leading '
    expect(text).toContain('"\'=HYPERLINK(""http://evil.test"",""click""), ""quoted""\nsecond line"');
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(5); // header + all 4 rows, not only the page of 1
    const json = await report('deposits', 'from=2026-11-01&to=2026-11-04');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5], r[7]])).toEqual(
      json.rows.map((r: Record<string, string | number>) => [
        String(r.id),
        'Admin',
        r.username,
        String(r.amount),
        { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' }[r.status as string],
        `'${r.note}`, // every note of the scenario starts with = + - or @
      ]),
    );
    expect(rows[1]![2]).toBe(json.rows[0].created_at);
  });

  it('exports an empty period as the header row only', async () => {
    const res = await csv('incomes?from=2026-11-01&to=2026-11-04&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFDate,Member,Income,Wallet,Amount (USDT),Reference,Ledger transfer\r\n');
  });

  it('refuses members and bad filters as the JSON report does', async () => {
    expect((await csv('deposits?format=csv', a.token)).statusCode).toBe(403);
    const bad = await csv('deposits?from=2026-11-05&to=2026-11-01&format=csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
  });
});
