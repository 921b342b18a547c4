import { getRoleCall, ROLE_TYPE, roleListCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const roleKeys = {
  all: ['roles'] as const,
  options: () => [...roleKeys.all, 'options'] as const,
  detail: (roleId: number) => [...roleKeys.all, 'detail', roleId] as const,
};

/** Core §6: custom roles are made only from these types. */
export const CUSTOM_ROLE_BASES = [ROLE_TYPE.operator, ROLE_TYPE.readOnly] as const;

/** Every role of the company, for the role pickers of the user dialogs. */
export function useRoleOptions(enabled = true) {
  return useQuery({
    queryKey: roleKeys.options(),
    queryFn: async () => (await apiCall(roleListCall, { pageNum: 1, pageSize: 200 }))?.list ?? [],
    enabled,
  });
}

export function useRole(roleId: number) {
  return useQuery({
    queryKey: roleKeys.detail(roleId),
    queryFn: () => apiCall(getRoleCall, { roleId }),
    enabled: Number.isInteger(roleId) && roleId > 0,
  });
}
