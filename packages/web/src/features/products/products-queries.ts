import { getProductCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const PRODUCT_KEYS = {
  all: ['products'] as const,
  list: ['products', 'list'] as const,
  one: (id: number) => ['products', 'one', id] as const,
};

export const PRODUCTS_PATH = '/endpointManager/productManagement';
/** The route of a product's details; `new` for a product not built yet. */
export const PRODUCT_PATH = (id: number | 'new') => `${PRODUCTS_PATH}/productManagementDetails/${id}`;

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: PRODUCT_KEYS.one(id ?? 0),
    queryFn: () => apiCall(getProductCall, { modelId: id! }),
    enabled: id !== null,
  });
}
