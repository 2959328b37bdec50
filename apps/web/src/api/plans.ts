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
import type { WhatIfBody, WhatIfJob, whatIfRunning } from '@app/contracts/what-if';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { ApiError, downloadAdminCsv, request } from './client';

type Message = z.infer<typeof messageResponse>;

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;
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

export const whatIfKeys = {
  running: ['what-if', 'running'] as const,
  job: (id: number) => ['what-if', 'job', id] as const,
};

/** How often a running projection is asked for its progress (the server also reads it as "still watched"). */
export const WHAT_IF_POLL_MS = 500;

/**
 * POST /plans/what-if: starts a projection of the next days with the current and the proposed
 * settings (nothing changes) and answers 202 with the job; 409 names the projection already running.
 */
export function useStartWhatIf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatIfBody) =>
      request<WhatIfJob>('/plans/what-if', { method: 'POST', body, as: 'admin' }),
    onSuccess: (job) => queryClient.setQueryData(whatIfKeys.job(job.id), job),
  });
}

/**
 * GET /plans/what-if/{id}: one projection, asked again every half second while it runs (also while
 * the tab is in the background: a projection nobody asks about is cancelled), then left alone.
 * `seed` (the job as a start or the running call answered) shows at once instead of a blank.
 */
export function useWhatIfJob(id: number | null, seed?: WhatIfJob | null) {
  return useQuery({
    queryKey: whatIfKeys.job(id ?? 0),
    queryFn: ({ signal }) => request<WhatIfJob>(`/plans/what-if/${id}`, { as: 'admin', signal }),
    enabled: id !== null,
    initialData: () => (seed && seed.id === id ? seed : undefined),
    // stops once finished, or when the server refuses (4xx: gone, not allowed); a network blip or
    // a 5xx keeps asking, so the projection is not given up as unwatched
    refetchInterval: (query) =>
      query.state.data?.status === 'running' && !isClientError(query.state.error) ? WHAT_IF_POLL_MS : false,
    refetchIntervalInBackground: true,
    // a finished job never changes: no refetch on focus or remount
    staleTime: (query) => (query.state.data?.status === 'running' ? 0 : Number.POSITIVE_INFINITY),
  });
}

/** DELETE /plans/what-if/{id}: stops a running projection (within a second); answers the cancelled job. */
export function useCancelWhatIf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<WhatIfJob>(`/plans/what-if/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess: async (job) => {
      // a poll still on its way would answer "running" over the cancelled job
      await queryClient.cancelQueries({ queryKey: whatIfKeys.job(job.id) });
      queryClient.setQueryData(whatIfKeys.job(job.id), job);
      return queryClient.invalidateQueries({ queryKey: whatIfKeys.running });
    },
  });
}

/** GET /plans/what-if: the projection running now on the platform (started here, by another admin or before a reload). */
export function useRunningWhatIf() {
  return useQuery({
    queryKey: whatIfKeys.running,
    queryFn: ({ signal }) =>
      request<z.infer<typeof whatIfRunning>>('/plans/what-if', { as: 'admin', signal }),
    select: (data) => data.running,
    staleTime: 0,
  });
}

/** GET /plans/what-if/{id}?format=csv: the day-by-day table of both scenarios, saved as a file. */
export function downloadWhatIfCsv(id: number) {
  return downloadAdminCsv(`/plans/what-if/${id}`, {}, `what-if-${id}.csv`);
}
