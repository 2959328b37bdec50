import { BANNER_CLEAR_MS } from '@app/contracts/client';
import {
  VIDEO_FAIL,
  VIDEO_MSG,
  type Video,
  type VideoInput,
  type videoDeletedResponse,
  type videoListResponse,
  type videoResponse,
} from '@app/contracts/videos';
import type { z } from 'zod';
import { create } from 'zustand';
import { ApiError, request } from '../../../api/client';

/**
 * The video store of spec 4: `loading`, `success`, `message` flags; create puts the new video at the
 * top of the list, update merges into the list and the current video, delete removes it. Messages
 * (the server's, else the spec's defaults and fallbacks) clear after 3 s.
 */
interface VideoState {
  videos: Video[];
  current: Video | null;
  loaded: boolean;
  loading: boolean;
  success: boolean;
  message: string | null;
  fetchVideos: () => Promise<void>;
  fetchVideo: (id: number) => Promise<void>;
  createVideo: (body: VideoInput) => Promise<boolean>;
  updateVideo: (id: number, body: VideoInput) => Promise<boolean>;
  deleteVideo: (id: number) => Promise<boolean>;
  clearMessage: () => void;
}

type Listed = z.infer<typeof videoListResponse>;
type One = z.infer<typeof videoResponse>;
type Deleted = z.infer<typeof videoDeletedResponse>;

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** The server's message when it sent one, else the spec's fallback. */
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;

export const useVideoStore = create<VideoState>()((set, get) => {
  function finish(success: boolean, message: string | null) {
    set({ loading: false, success, message });
    clearTimeout(clearTimer);
    if (message) clearTimer = setTimeout(() => get().clearMessage(), BANNER_CLEAR_MS);
  }

  return {
    videos: [],
    current: null,
    loaded: false,
    loading: false,
    success: false,
    message: null,
    async fetchVideos() {
      set({ loading: true });
      try {
        const res = await request<Listed>('/videos', { as: 'admin' });
        set({ videos: res.data, loaded: true, loading: false });
      } catch (error) {
        set({ loaded: true });
        finish(false, failure(error, VIDEO_FAIL.list));
      }
    },
    async fetchVideo(id) {
      set({ loading: true });
      try {
        const res = await request<One>(`/videos/${id}`, { as: 'admin' });
        set({ current: res.data, loading: false });
      } catch (error) {
        finish(false, failure(error, VIDEO_FAIL.one));
      }
    },
    async createVideo(body) {
      set({ loading: true, message: null });
      try {
        const res = await request<One>('/videos', { method: 'POST', body, as: 'admin' });
        set({ videos: [res.data, ...get().videos] });
        finish(true, res.message ?? VIDEO_MSG.created);
        return true;
      } catch (error) {
        finish(false, failure(error, VIDEO_FAIL.create));
        return false;
      }
    },
    async updateVideo(id, body) {
      set({ loading: true, message: null });
      try {
        const res = await request<One>(`/videos/${id}`, { method: 'PUT', body, as: 'admin' });
        const current = get().current;
        set({
          videos: get().videos.map((v) => (v.id === id ? { ...v, ...res.data } : v)),
          current: current?.id === id ? { ...current, ...res.data } : current,
        });
        finish(true, res.message ?? VIDEO_MSG.updated);
        return true;
      } catch (error) {
        finish(false, failure(error, VIDEO_FAIL.update));
        return false;
      }
    },
    async deleteVideo(id) {
      set({ loading: true, message: null });
      try {
        const res = await request<Deleted>(`/videos/${id}`, { method: 'DELETE', as: 'admin' });
        set({
          videos: get().videos.filter((v) => v.id !== id),
          current: get().current?.id === id ? null : get().current,
        });
        finish(true, res.message ?? VIDEO_MSG.deleted);
        return true;
      } catch (error) {
        finish(false, failure(error, VIDEO_FAIL.remove));
        return false;
      }
    },
    clearMessage: () => set({ message: null, success: false }),
  };
});
