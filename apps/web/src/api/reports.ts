import type { Overview, Report, ReportGroup, ReportKind } from '@app/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadAdminCsv, request } from './client';

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
 * Downloads `/reports/{kind}?format=csv` for the period (every row, the table's columns), saved
 * under the server's file name.
 */
export function downloadReportCsv(kind: ReportKind, params: Pick<ReportParams, 'from' | 'to' | 'group'>) {
  return downloadAdminCsv(`/reports/${kind}`, { ...params }, `${kind}.csv`);
}
