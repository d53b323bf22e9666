/** Spec section 2's page sizes (the report page adds the initial 10 to its selector). */
export const PAGE_SIZES = [20, 50, 100, 200, 300, 500, 1000] as const;

/** A paged list as spec section 2 shows one: its page sizes, 10 rows first, a totals row, offered for export. */
export const PAGED_LIST = {
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
  export: true,
} as const;
