/** `page` from 1 and `limit` rows a page, as every list of the API takes them. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The paging facts every list answers with (ARCHITECTURE.md, API). */
export const pageFacts = (total: number, f: PageRequest) => ({
  total,
  totalPages: Math.ceil(total / f.limit),
  currentPage: f.page,
});

/** The LIMIT/OFFSET clause of a page, its values appended to `params`. */
export const pageClause = (params: unknown[], f: PageRequest) =>
  `LIMIT $${params.push(f.limit)} OFFSET $${params.push((f.page - 1) * f.limit)}`;
