import type { Queryable } from '../../../db/pool.js';

export interface PlanRow {
  id: number;
  name: string;
  min_amount: bigint;
  max_amount: bigint;
  roi_percent: string;
  cap_multiple: number;
  direct_percent: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface ActPlanRow {
  id: number;
  name: string;
  fee: bigint;
  is_active: boolean;
  created_at: Date;
}

const PLAN_COLUMNS = [
  'name',
  'min_amount',
  'max_amount',
  'roi_percent',
  'cap_multiple',
  'direct_percent',
  'is_active',
] as const;

export async function listPlans(q: Queryable): Promise<PlanRow[]> {
  return (await q.query<PlanRow>('SELECT * FROM plans WHERE deleted_at IS NULL ORDER BY min_amount, id'))
    .rows;
}

export async function findPlan(q: Queryable, id: number, lock = false): Promise<PlanRow | null> {
  const { rows } = await q.query<PlanRow>(
    `SELECT * FROM plans WHERE id = $1 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertPlan(q: Queryable, p: Record<(typeof PLAN_COLUMNS)[number], unknown>, now: Date) {
  const { rows } = await q.query<PlanRow>(
    `INSERT INTO plans (${PLAN_COLUMNS.join(', ')}, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
    [...PLAN_COLUMNS.map((c) => p[c]), now],
  );
  return rows[0]!;
}

export async function updatePlan(q: Queryable, id: number, changes: Record<string, unknown>, now: Date) {
  const names = Object.keys(changes).filter((k) => (PLAN_COLUMNS as readonly string[]).includes(k));
  const sets = [...names.map((n, i) => `${n} = $${i + 2}`), `updated_at = $${names.length + 2}`];
  const { rows } = await q.query<PlanRow>(`UPDATE plans SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [
    id,
    ...names.map((n) => changes[n]),
    now,
  ]);
  return rows[0]!;
}

export async function softDeletePlan(q: Queryable, id: number, now: Date) {
  await q.query('UPDATE plans SET deleted_at = $2, is_active = false WHERE id = $1', [id, now]);
}

export async function setLevels(
  q: Queryable,
  kind: 'active' | 'invest',
  levels: number[],
  unlock: boolean,
  now: Date,
) {
  await q.query(
    `INSERT INTO level_percents (kind, levels, unlock_by_directs, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kind) DO UPDATE SET levels = EXCLUDED.levels, unlock_by_directs = EXCLUDED.unlock_by_directs, updated_at = EXCLUDED.updated_at`,
    [kind, levels, unlock, now],
  );
}

export async function getLevels(q: Queryable) {
  const { rows } = await q.query<{ kind: 'active' | 'invest'; levels: string[]; unlock_by_directs: boolean }>(
    'SELECT kind, levels::text[] AS levels, unlock_by_directs FROM level_percents ORDER BY kind',
  );
  return rows;
}

export async function listActPlans(q: Queryable): Promise<ActPlanRow[]> {
  return (await q.query<ActPlanRow>('SELECT * FROM act_plans WHERE deleted_at IS NULL ORDER BY id')).rows;
}

export async function findActPlan(q: Queryable, id: number): Promise<ActPlanRow | null> {
  const { rows } = await q.query<ActPlanRow>('SELECT * FROM act_plans WHERE id = $1 AND deleted_at IS NULL', [
    id,
  ]);
  return rows[0] ?? null;
}

export async function insertActPlan(
  q: Queryable,
  a: { name: string; fee: bigint; is_active: boolean },
  now: Date,
) {
  const { rows } = await q.query<ActPlanRow>(
    'INSERT INTO act_plans (name, fee, is_active, created_at) VALUES ($1, $2, $3, $4) RETURNING *',
    [a.name, a.fee, a.is_active, now],
  );
  return rows[0]!;
}

export async function updateActPlan(
  q: Queryable,
  id: number,
  a: { name?: string; fee?: bigint; is_active?: boolean },
) {
  const { rows } = await q.query<ActPlanRow>(
    `UPDATE act_plans SET name = coalesce($2, name), fee = coalesce($3, fee), is_active = coalesce($4, is_active)
      WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
    [id, a.name ?? null, a.fee ?? null, a.is_active ?? null],
  );
  return rows[0] ?? null;
}

export async function softDeleteActPlan(q: Queryable, id: number, now: Date) {
  await q.query('UPDATE act_plans SET deleted_at = $2, is_active = false WHERE id = $1', [id, now]);
}
