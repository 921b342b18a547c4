import { getPointTableCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const POINT_TABLE_KEYS = {
  list: ['pointTables', 'list'] as const,
  one: (id: number) => ['pointTables', 'one', id] as const,
};

/** The route of a table's details; `new` for a table not saved yet. */
export const DETAILS_PATH = (id: number | 'new') => `/robustlink/pointTable/pointTableDetails/${id}`;

export function usePointTable(id: number | null) {
  return useQuery({
    queryKey: POINT_TABLE_KEYS.one(id ?? 0),
    queryFn: () => apiCall(getPointTableCall, { pointTableId: id! }),
    enabled: id !== null,
  });
}
