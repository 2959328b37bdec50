import type { allAchieversResponse } from '@app/contracts/achievers';
import type { allNewsResponse } from '@app/contracts/news';
import type { z } from 'zod';

/*
 * The home page's content calls as plain fetches with type-only contract imports: the public pages
 * stay free of TanStack Query, zod and the API client to fit their JS budget (docs/decisions/web.md).
 * Both lists are public; a failure throws and the home page simply leaves the section out.
 */

export type NewsItems = z.infer<typeof allNewsResponse>['allnews'];
export type Achievers = z.infer<typeof allAchieversResponse>['allachivers'];

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/api/v1${path}`, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

export async function latestNews(limit: number, signal?: AbortSignal): Promise<NewsItems> {
  return (await getJson<z.infer<typeof allNewsResponse>>(`/news/list?limit=${limit}`, signal)).allnews;
}

export async function latestAchievers(limit: number, signal?: AbortSignal): Promise<Achievers> {
  return (await getJson<z.infer<typeof allAchieversResponse>>(`/achivers/list?limit=${limit}`, signal))
    .allachivers;
}
