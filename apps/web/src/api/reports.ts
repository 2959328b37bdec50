import { MSG } from '@app/contracts/messages';
import type { Overview, Report, ReportGroup, ReportKind } from '@app/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tokenFor } from './auth-store';
import { ApiError, NETWORK_ERROR, request } from './client';

export interface ReportParams {
  from: string;
  to: string;
  group: ReportGroup;
  page: number;
  limit: number;
}

export const reportKeys = {
  overview: ['reports', 'overview'] as const,
  report: (kind: ReportKind, params: ReportParams) => ['reports', kind, params] as const,
};

/** GET /reports/overview (admin): money figures of the dashboard, always fetched fresh on a visit. */
export function useOverview() {
  return useQuery({
    queryKey: reportKeys.overview,
    queryFn: ({ signal }) => request<Overview>('/reports/overview', { as: 'admin', signal }),
    staleTime: 0,
  });
}

/** GET /reports/{kind} (admin): series, totals and a page of rows of a period. */
export function useReport(kind: ReportKind, params: ReportParams) {
  return useQuery({
    queryKey: reportKeys.report(kind, params),
    queryFn: ({ signal }) =>
      request<Report>(`/reports/${kind}`, { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Downloads `/reports/{kind}?format=csv` for the period (every row, the table's columns). Fetched
 * with the admin's token (a plain link could not send it), then saved under the server's file name.
 */
export async function downloadReportCsv(
  kind: ReportKind,
  params: Pick<ReportParams, 'from' | 'to' | 'group'>,
) {
  const token = tokenFor('admin');
  if (!token) throw new ApiError(MSG.sessionEnded, 401);
  const query = new URLSearchParams({ ...params, format: 'csv' });
  let response: Response;
  try {
    response = await fetch(`/api/v1/reports/${kind}?${query}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(data?.message ?? `${NETWORK_ERROR} (HTTP ${response.status})`, response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return fileName;
}
