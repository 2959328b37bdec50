import type { BackupsOverview } from '@app/contracts/backups';
import type { messageResponse } from '@app/contracts/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, request } from './client';

type Message = z.infer<typeof messageResponse>;

export const backupsKeys = { all: ['backups'] as const };

/** How often a running backup's progress is asked for. */
const BACKUP_POLL_MS = 1_000;

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * GET /backups (owners and auditors): the schedule, the pg_dump in use, the last good backup and the
 * ten newest. Asked again every second while one of them runs (its bytes written), otherwise not at
 * all; the Backups page and the dashboard's card share it. `enabled`: false for roles the server
 * would refuse, so they never ask.
 */
export function useBackups(enabled = true) {
  return useQuery({
    queryKey: backupsKeys.all,
    queryFn: ({ signal }) => request<BackupsOverview>('/backups', { as: 'admin', signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.recent.some((b) => b.status === 'running') && !isClientError(query.state.error)
        ? BACKUP_POLL_MS
        : false,
  });
}

/** POST /backups (owners): starts a backup in the background; 409 while one runs. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ id: number; message: string }>('/backups', { method: 'POST', as: 'admin' }),
    // the running row is in the list now: fetching it starts the polling
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKeys.all }),
  });
}

/** DELETE /backups/{id} (owners): the running backup stops within seconds, its partial file removed. */
export function useCancelBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/backups/${id}`, { method: 'DELETE', as: 'admin' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKeys.all }),
  });
}
