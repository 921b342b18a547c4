import type { CallDef, CallInput, CallOutput, CallParsedInput } from '@fleetport/contract';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { type ListValues, listInput, PAGING_FIELDS, SORT_FIELDS, writeListParams } from './list-url-state.ts';

/** What a paged call answers: a page of rows and the number of matches (capped on some lists). */
export interface ListOutput<Row = unknown> {
  list: Row[];
  total: number;
  /** True when more than the list counts match: `total` is then the cap ("1000+"). */
  totalCapped?: boolean;
}

/** A call the kit can list: its output is a page of rows; any other call does not compile. */
export type ListCall<C> = CallOutput<C> extends ListOutput ? C : never;
export type ListRow<C> = CallOutput<C> extends ListOutput<infer Row> ? Row : never;

type NonFilterField = (typeof PAGING_FIELDS)[number] | (typeof SORT_FIELDS)[number];
/** The filters a call accepts, as its schema reads them: a page can set no other. */
export type ListFilters<C> = Omit<CallParsedInput<C>, NonFilterField>;
/** The call's sort keys, or never for a list the server does not sort. */
export type ListSortField<C> = CallParsedInput<C> extends { sortField?: infer F } ? NonNullable<F> : never;
export type SortOrder = 'asc' | 'desc';

export interface ListQueryOptions<C> {
  /** Where the page starts: a page size, a default filter. Left out of the address while unchanged. */
  defaults?: Partial<CallInput<C>>;
  /** Filters the page fixes (a group's own device list); kept out of the address. */
  fixed?: Partial<CallInput<C>>;
  /** The cache key the rows live under (live updates patch `LIVE_KEYS.devices`); the call id by default. */
  queryKey?: QueryKey;
  /** Parameter prefix for a second list on the same page. */
  urlPrefix?: string;
  /** Handle every error code here instead of the client's reaction. */
  silent?: boolean;
}

/**
 * One page of a paged call whose page, sort and filters live in the address: a reload, the back
 * button or a shared link shows the same rows. Typed by the call: `setFilters` takes only the filters
 * its input schema declares.
 */
export function useListQuery<C extends CallDef>(call: ListCall<C>, options: ListQueryOptions<C> = {}) {
  const [params, setParams] = useSearchParams();
  const { defaults, fixed, urlPrefix, silent } = options;
  // Options are usually literals: compare them by value so a render does not refetch.
  const defaultsKey = JSON.stringify(defaults ?? {});
  const fixedKey = JSON.stringify(fixed ?? {});
  const urlOptions = useMemo(
    () => ({
      defaults: JSON.parse(defaultsKey) as ListValues,
      fixed: JSON.parse(fixedKey) as ListValues,
      prefix: urlPrefix,
    }),
    [defaultsKey, fixedKey, urlPrefix],
  );
  const input = useMemo(() => listInput(call.input, params, urlOptions), [call, params, urlOptions]);

  const query = useQuery({
    queryKey: [...(options.queryKey ?? [call.id]), 'list', input],
    queryFn: ({ signal }) =>
      apiCall(call, input as CallInput<C>, { signal, silent }) as Promise<CallOutput<C> & ListOutput>,
    placeholderData: keepPreviousData,
  });

  // The address as last written or rendered, for `update`. A control may call an `update` from an
  // earlier render (antd's search box and select keep their first handlers a while), and a render may
  // still show the old address (the router applies a write a little later): writing over either undid
  // a sort or a cleared search chosen since (the list-kit journey lost them). So a render's address is
  // taken only when it changed.
  const latest = useRef(params);
  const rendered = useRef(params.toString());
  if (params.toString() !== rendered.current) {
    rendered.current = params.toString();
    latest.current = params;
  }

  /** Moves the list to `patch` over the address as it is now (`undefined` clears a field). */
  const update = useCallback(
    (patch: ListValues) => {
      const now = latest.current;
      const next = writeListParams(
        call.input,
        now,
        { ...listInput(call.input, now, urlOptions), ...patch },
        urlOptions,
      );
      latest.current = next;
      setParams(next, { replace: true });
    },
    [call, setParams, urlOptions],
  );

  const pageNum = Number(input.pageNum ?? 1);
  const pageSize = Number(input.pageSize ?? 10);
  const data = query.data;
  // A page past the last (rows deleted, an old link): show the last page instead of an empty one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  useEffect(() => {
    if (data && data.list.length === 0 && pageNum > lastPage) update({ pageNum: lastPage });
  }, [data, pageNum, lastPage, update]);

  const filters = useMemo(() => {
    const out: ListValues = { ...input };
    for (const field of [...PAGING_FIELDS, ...SORT_FIELDS]) delete out[field];
    for (const field of Object.keys(urlOptions.fixed)) delete out[field];
    return out as ListFilters<C>;
  }, [input, urlOptions]);

  const sortField = input.sortField as ListSortField<C> | undefined;
  const sortOrder = input.sortOrder as SortOrder | undefined;

  return {
    /** The input sent, defaults filled in. */
    input: input as CallParsedInput<C>,
    /** The filters only (no paging, sort or fixed values): what an export of this list covers. */
    filters,
    pageNum,
    pageSize,
    sort: sortField ? { field: sortField, order: sortOrder ?? 'desc' } : undefined,
    /** True when a filter differs from where the page starts. */
    filtered: Object.entries(filters).some(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(value) !== JSON.stringify((urlOptions.defaults as ListValues)[key]),
    ),
    rows: (data?.list ?? []) as ListRow<C>[],
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped === true,
    query,
    /** New filters start again from page 1. */
    setFilters: (next: Partial<ListFilters<C>>) => update({ ...(next as ListValues), pageNum: 1 }),
    /** Every filter back to where the page starts. */
    resetFilters: () =>
      update({
        ...Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])),
        ...urlOptions.defaults,
        pageNum: 1,
      }),
    setPage: (nextPage: number, nextSize = pageSize) =>
      update({ pageNum: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
    /** Sorting by a column; `undefined` returns to the call's default order. */
    setSort: (field: ListSortField<C> | undefined, order?: SortOrder) =>
      update({ sortField: field, sortOrder: field ? order : undefined, pageNum: 1 }),
  };
}

export type ListQuery<C extends CallDef> = ReturnType<typeof useListQuery<C>>;
