/**
 * Demo data for a first look: a root member and a small tree under it, with verified emails and
 * a few blocked / unverified members so every badge shows. Runs only on a database with no members.
 */
import type { AdminRole } from '@app/contracts/admins';
import type { Clock } from '../../../clock.js';
import { type Db, membersChanged, withTx } from '../../../db/pool.js';
import { hashPassword } from '../auth/passwords.js';
import { findSponsorByCode, insertUser } from '../auth/repo.js';

export const DEMO_PASSWORD = 'DemoPass123';
export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'DemoAdmin123' };

/**
 * The demo's team beside its owner (DEMO_ADMIN), with the owner's password: a finance admin, so a
 * withdrawal above the four-eyes amount can be signed off by one and paid by the other, and a
 * support admin, to see what a role without money looks like.
 */
export const DEMO_TEAM: Array<{ email: string; name: string; roles: AdminRole[] }> = [
  { email: 'finance@demo.local', name: 'Farah Finance', roles: ['finance'] },
  { email: 'support@demo.local', name: 'Sam Support', roles: ['support'] },
];

const TREE: Array<{
  name: string;
  sponsor: string | null;
  verified?: boolean;
  blocked?: boolean;
  daysAgo: number;
}> = [
  { name: 'Riya Root', sponsor: null, daysAgo: 13 },
  { name: 'Omar Haddad', sponsor: 'Riya Root', daysAgo: 12 },
  { name: 'Lena Fischer', sponsor: 'Riya Root', daysAgo: 11 },
  { name: 'Kwame Mensah', sponsor: 'Riya Root', daysAgo: 9 },
  { name: 'Sofia Rossi', sponsor: 'Omar Haddad', daysAgo: 8 },
  { name: 'Daniel Kim', sponsor: 'Omar Haddad', daysAgo: 7, verified: false },
  { name: 'Ana Souza', sponsor: 'Lena Fischer', daysAgo: 6 },
  { name: 'Ivan Petrov', sponsor: 'Lena Fischer', daysAgo: 5, blocked: true },
  { name: 'Mei Chen', sponsor: 'Sofia Rossi', daysAgo: 4 },
  { name: 'Tom Baker', sponsor: 'Sofia Rossi', daysAgo: 3, verified: false },
  { name: 'Aisha Bello', sponsor: 'Ana Souza', daysAgo: 2 },
  { name: 'Lucas Martin', sponsor: 'Mei Chen', daysAgo: 1 },
  { name: 'Nora Jensen', sponsor: 'Mei Chen', daysAgo: 0, verified: false },
];

export const demoEmail = (name: string) => `${name.split(' ')[0]!.toLowerCase()}@demo.local`;

export async function seedDemo(db: Db, clock: Clock): Promise<{ created: number; logins: string[] }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTx(db, async (tx) => {
    const { rowCount } = await tx.query(`SELECT 1 FROM users WHERE role = 'user' LIMIT 1`);
    if (rowCount) return { created: 0, logins: [] };
    const codes = new Map<string, string>();
    for (const [i, m] of TREE.entries()) {
      const joined = new Date(clock.now().getTime() - m.daysAgo * 86_400_000 - i * 60_000);
      const sponsorCode = m.sponsor ? codes.get(m.sponsor)! : null;
      const sponsor = sponsorCode ? await findSponsorByCode(tx, sponsorCode) : null;
      const code = `DEMO${String(i + 1).padStart(4, '0')}`;
      const id = await insertUser(tx, {
        username: m.name.split(' ')[0]!.toLowerCase(),
        email: demoEmail(m.name),
        passwordHash,
        fullname: m.name,
        // E.164 as the contract stores it; 07700 900xxx is the UK's range kept for fiction
        phone: `+447700900${String(i).padStart(3, '0')}`,
        role: 'user',
        refferalCode: code,
        sponsor,
        now: joined,
      });
      await tx.query('UPDATE users SET verify_at = $2, status = $3 WHERE id = $1', [
        id,
        m.verified === false ? null : joined,
        m.blocked ? 'block' : 'unblock',
      ]);
      membersChanged(tx, [id]);
      codes.set(m.name, code);
    }
    const adminHash = await hashPassword(DEMO_ADMIN.password);
    for (const [i, a] of DEMO_TEAM.entries()) {
      await insertUser(tx, {
        username: a.email.split('@')[0]!,
        email: a.email,
        passwordHash: adminHash,
        fullname: a.name,
        phone: '',
        role: 'admin',
        refferalCode: `ADMDEMO${i + 1}`,
        sponsor: null,
        // the demo's team has worked together for a month, as its members joined over weeks: each
        // can be the second pair of eyes at once (an admin of less than 24 h cannot, issue 36)
        now: new Date(clock.now().getTime() - 30 * 86_400_000),
        adminRoles: a.roles,
      });
    }
    // the owner made at the first start ran the platform that month too (its history has their
    // approvals beside the finance admin's sign-offs)
    await tx.query(
      `UPDATE users SET created_at = LEAST(created_at, $1) WHERE role = 'admin' AND admin_roles @> '{owner}'`,
      [new Date(clock.now().getTime() - 30 * 86_400_000)],
    );
    return { created: TREE.length, logins: TREE.map((m) => demoEmail(m.name)) };
  });
}
