import type { messageResponse } from '@app/contracts/common';
import type {
  bannerCreateResponse,
  bannerResponse,
  homeNotificationsResponse,
  NotificationCreateInput,
  notificationCreateResponse,
  notificationListResponse,
  seenResponse,
  userNotificationsResponse,
} from '@app/contracts/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, sendAdminForm } from './client';

export type NotificationList = z.infer<typeof notificationListResponse>;
export type UserNotifications = z.infer<typeof userNotificationsResponse>;
export type HomeNotifications = z.infer<typeof homeNotificationsResponse>;

interface PageParams {
  page: number;
  limit: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  adminLists: ['notifications', 'admin'] as const,
  adminList: (p: PageParams) => ['notifications', 'admin', p] as const,
  member: (userId: number) => ['notifications', 'member', userId] as const,
  memberList: (userId: number, p: PageParams & { unseen?: boolean }) =>
    ['notifications', 'member', userId, p] as const,
  home: ['notifications', 'home'] as const,
  banner: ['notifications', 'banner'] as const,
};

/** GET /notifications (admin), a page at a time. */
export function useAdminNotifications(params: PageParams) {
  return useQuery({
    queryKey: notificationKeys.adminList(params),
    queryFn: ({ signal }) =>
      request<NotificationList>('/notifications', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationCreateInput) =>
      request<z.infer<typeof notificationCreateResponse>>('/notifications', {
        method: 'POST',
        body,
        as: 'admin',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.adminLists }),
  });
}

/**
 * DELETE /notifications/delete/{id}. Spec 4: the list is not refreshed after a deletion; the row
 * is taken out of the list on screen instead, so what the admin sees matches what the server holds.
 */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<z.infer<typeof messageResponse>>(`/notifications/delete/${id}`, {
        method: 'DELETE',
        as: 'admin',
      }),
    onSuccess: (_data, id) =>
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.adminLists }, (list) =>
        list
          ? {
              ...list,
              notifications: list.notifications.filter((n) => n.id !== id),
              total: Math.max(0, list.total - 1),
            }
          : list,
      ),
  });
}

/** POST /notifications/banner: multipart, field `image`. */
function postBanner(file: File) {
  const form = new FormData();
  form.append('image', file);
  return sendAdminForm<z.infer<typeof bannerCreateResponse>>('/notifications/banner', 'POST', form);
}

export function useUploadBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBanner,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.banner, { banner: data.banner }),
  });
}

/** GET /notifications/banner (public): the current banner, or null. */
export function useBanner() {
  return useQuery({
    queryKey: notificationKeys.banner,
    queryFn: ({ signal }) => request<z.infer<typeof bannerResponse>>('/notifications/banner', { signal }),
    select: (data) => data.banner,
    staleTime: 5 * 60_000,
  });
}

/** GET /notifications/home (member): unseen notifications and the unread count, checked every minute. */
export function useHomeNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.home,
    queryFn: ({ signal }) => request<HomeNotifications>('/notifications/home', { as: 'member', signal }),
    refetchInterval: 60_000,
    enabled,
  });
}

/** GET /notifications/user/{userId}: a member's own notifications with their seen state. */
export function useMemberNotifications(userId: number, params: PageParams & { unseen?: boolean }) {
  return useQuery({
    queryKey: notificationKeys.memberList(userId, params),
    queryFn: ({ signal }) =>
      request<UserNotifications>(`/notifications/user/${userId}`, {
        as: 'member',
        signal,
        query: { page: params.page, limit: params.limit, unseen: params.unseen ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
    enabled: userId > 0,
  });
}

/**
 * PUT /notifications/{id}/seen. Spec 4: marking sets seen and seen_at in the local list; the
 * header count and pop-ups (home) are fetched again.
 */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: number; userId: number }) =>
      request<z.infer<typeof seenResponse>>(`/notifications/${id}/seen`, {
        method: 'PUT',
        body: { userId },
        as: 'member',
      }),
    onSuccess: (data, { id, userId }) => {
      queryClient.setQueriesData<UserNotifications>({ queryKey: notificationKeys.member(userId) }, (list) => {
        if (!list) return list;
        const wasUnseen = list.notifications.some((n) => n.id === id && !n.seen);
        return {
          ...list,
          unread: wasUnseen ? Math.max(0, list.unread - 1) : list.unread,
          notifications: list.notifications.map((n) =>
            n.id === id && !n.seen ? { ...n, seen: true, seen_at: data.seen_at } : n,
          ),
        };
      });
      queryClient.setQueryData<HomeNotifications>(notificationKeys.home, (home) =>
        home
          ? {
              unread: home.homenotifications.some((n) => n.id === id)
                ? Math.max(0, home.unread - 1)
                : home.unread,
              homenotifications: home.homenotifications.filter((n) => n.id !== id),
            }
          : home,
      );
    },
  });
}
