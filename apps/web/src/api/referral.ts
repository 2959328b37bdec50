import type {
  ReferralFullResponse,
  ReferralListResponse,
  ReferralSearchResponse,
  TreeNode,
} from '@app/contracts/referral';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from './client';

/** Direct members a tree node opens with per page (the server allows up to 50). */
export const TREE_PAGE = 20;

export const referralKeys = {
  all: ['referral'] as const,
  children: (code: string) => ['referral', 'children', code] as const,
  list: (code: string, params: ReferralListParams) => ['referral', 'list', code, params] as const,
  search: (code: string, q: string) => ['referral', 'search', code, q] as const,
};

export interface ChildrenPage {
  node: TreeNode;
  referrals: TreeNode[];
  page: number;
  totalPages: number;
  asOf: string | null;
}

interface ChildrenData {
  pages: ChildrenPage[];
  pageParams: number[];
}

/**
 * A node's direct members, a page at a time (GET /referral/full/{code}, two levels): the grandchildren
 * that come with a page are put in the cache as their parents' first page, so opening a child is
 * instant and only the level after it is fetched on demand.
 */
export function useTreeChildren(code: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: referralKeys.children(code),
    queryFn: async ({ pageParam, signal }): Promise<ChildrenPage> => {
      const data = await request<ReferralFullResponse>(`/referral/full/${encodeURIComponent(code)}`, {
        as: 'member',
        signal,
        query: { depth: 2, page: pageParam, limit: TREE_PAGE },
      });
      // `treeData` is the direct members (the spec family's shape), `root` the member asked for
      for (const child of data.treeData) seedChildren(queryClient, child, data.as_of);
      return {
        node: data.root,
        referrals: data.treeData,
        page: data.currentPage,
        totalPages: data.totalPages,
        asOf: data.as_of,
      };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled,
  });
}

function seedChildren(queryClient: QueryClient, node: TreeNode, asOf: string | null) {
  const key = referralKeys.children(node.refferal_code);
  // only a complete first page: the server sends a node's first TREE_PAGE direct members
  if (queryClient.getQueryData(key) || node.referrals.length < Math.min(node.direct_count, TREE_PAGE)) return;
  const page: ChildrenPage = {
    node,
    referrals: node.referrals,
    page: 1,
    totalPages: Math.max(1, Math.ceil(node.direct_count / TREE_PAGE)),
    asOf,
  };
  queryClient.setQueryData<ChildrenData>(key, { pages: [page], pageParams: [1] });
}

export interface ReferralListParams {
  page: number;
  limit: number;
  search?: string;
}

/** GET /referral/list/{code}: a member's direct members, paged and searchable. */
export function useReferralList(code: string, params: ReferralListParams) {
  return useQuery({
    queryKey: referralKeys.list(code, params),
    queryFn: ({ signal }) =>
      request<ReferralListResponse>(`/referral/list/${encodeURIComponent(code)}`, {
        as: 'member',
        signal,
        query: { ...params },
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(code),
  });
}

/** GET /referral/search/{code}?q=: members of the downline by username prefix or referral code. */
export function useReferralSearch(code: string, q: string) {
  return useQuery({
    queryKey: referralKeys.search(code, q),
    queryFn: ({ signal }) =>
      request<ReferralSearchResponse>(`/referral/search/${encodeURIComponent(code)}`, {
        as: 'member',
        signal,
        query: { q },
      }),
    select: (data) => data.matches,
    enabled: Boolean(code) && q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
