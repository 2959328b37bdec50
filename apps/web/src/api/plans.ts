import type { messageResponse } from '@app/contracts/common';
import type {
  actPlanBody,
  actPlanUpdateBody,
  allActPlansResponse,
  allPlansResponse,
  levelPercents,
  levelPercentsBody,
  Plan,
  planBody,
  planUpdateBody,
} from '@app/contracts/plans';
import type { WhatIf, WhatIfBody } from '@app/contracts/what-if';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;
export type LevelPercents = z.infer<typeof levelPercents>;
export type ActPlan = z.infer<typeof allActPlansResponse>['allactplans'][number];

/** Bodies as they go on the wire: money as JSON numbers (the form schemas parse to micro-units first). */
type Wire<T> = {
  [K in keyof T]: T[K] extends bigint ? number : T[K] extends bigint | undefined ? number | undefined : T[K];
};
export type PlanWire = Wire<z.output<typeof planBody>>;
export type PlanUpdateWire = Wire<z.output<typeof planUpdateBody>>;
export type ActPlanWire = Wire<z.output<typeof actPlanBody>>;
export type ActPlanUpdateWire = Wire<z.output<typeof actPlanUpdateBody>>;

export const planKeys = {
  all: ['plans'] as const,
  list: (as: Side) => ['plans', 'list', as] as const,
  levels: (as: Side) => ['plans', 'levels', as] as const,
  actPlans: (as: Side) => ['plans', 'act', as] as const,
};

export function usePlans(as: Side) {
  return useQuery({
    queryKey: planKeys.list(as),
    queryFn: ({ signal }) => request<z.infer<typeof allPlansResponse>>('/plans/list', { as, signal }),
    select: (data) => data.allplans,
  });
}

export function useActPlans(as: Side) {
  return useQuery({
    queryKey: planKeys.actPlans(as),
    queryFn: ({ signal }) => request<z.infer<typeof allActPlansResponse>>('/actplan/list', { as, signal }),
    select: (data) => data.allactplans,
  });
}

export function useLevels() {
  return useQuery({
    queryKey: planKeys.levels('admin'),
    queryFn: ({ signal }) => request<{ levels: LevelPercents[] }>('/plans/levels', { as: 'admin', signal }),
    select: (data) => data.levels,
  });
}

function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
}

export function useCreatePlan() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: PlanWire) =>
      request<Message & { plan: Plan }>('/plans/add', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdatePlan() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlanUpdateWire }) =>
      request<Message & { plan: Plan }>(`/plans/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

/** DELETE /plans/{id}: the plan is retired (no longer sold); purchases keep pointing at it. */
export function useRetirePlan() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/plans/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}

export function useSaveLevels() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: LevelPercents['kind']; body: z.output<typeof levelPercentsBody> }) =>
      request<Message>(kind === 'active' ? '/plans/addactivelevel' : '/plans/addinvestlevel', {
        method: 'POST',
        body,
        as: 'admin',
      }),
    onSuccess,
  });
}

export function useCreateActPlan() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: ActPlanWire) =>
      request<Message>('/actplan/add', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdateActPlan() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActPlanUpdateWire }) =>
      request<Message>(`/actplan/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteActPlan() {
  const onSuccess = useInvalidatePlans();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/actplan/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}

/** POST /plans/what-if: the next days with the current and the proposed settings (nothing changes). */
export function useWhatIf() {
  return useMutation({
    mutationFn: (body: WhatIfBody) =>
      request<WhatIf>('/plans/what-if', { method: 'POST', body, as: 'admin' }),
  });
}
