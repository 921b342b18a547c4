import {
  getDisplayOemSettingCall,
  getInstructionStatusCall,
  getLatestMaintenanceCall,
  getShowNotesCall,
  getVisitMenusCall,
  queryUserInfoCall,
  staticConfigCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { buildMenuApps, type MenuApp } from './menu-model.ts';

/** Query keys of the shell; logout and company switch drop them all with `shellKeys.all`. */
export const shellKeys = {
  all: ['shell'] as const,
  userInfo: () => [...shellKeys.all, 'userInfo'] as const,
  menus: () => [...shellKeys.all, 'menus'] as const,
  /** By language: the default console names come in the request's language. */
  oem: (lang?: string) => [...shellKeys.all, 'oem', ...(lang ? [lang] : [])] as const,
  notes: () => [...shellKeys.all, 'notes'] as const,
  maintenance: () => [...shellKeys.all, 'maintenance'] as const,
  instructions: () => [...shellKeys.all, 'instructions'] as const,
  versions: () => [...shellKeys.all, 'versions'] as const,
};

/** Core §7: the menu fetch asks for 999 entries. */
export const MENU_PAGE_SIZE = 999;

export function useUserInfo() {
  return useQuery({ queryKey: shellKeys.userInfo(), queryFn: () => apiCall(queryUserInfoCall, {}) });
}

export function useVisitMenus() {
  const query = useQuery({
    queryKey: shellKeys.menus(),
    queryFn: () => apiCall(getVisitMenusCall, { pageSize: MENU_PAGE_SIZE }),
  });
  const apps = useMemo<MenuApp[]>(() => buildMenuApps(query.data ?? []), [query.data]);
  return { ...query, apps };
}

export function useOemDisplay() {
  const lang = useLang();
  return useQuery({
    queryKey: shellKeys.oem(lang),
    queryFn: () => apiCall(getDisplayOemSettingCall, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function useShowNotes() {
  return useQuery({
    queryKey: shellKeys.notes(),
    queryFn: () => apiCall(getShowNotesCall, {}, { silent: true }),
  });
}

export function useMaintenance() {
  return useQuery({
    queryKey: shellKeys.maintenance(),
    queryFn: () => apiCall(getLatestMaintenanceCall, {}, { silent: true }),
  });
}

export function useInstructionStatus() {
  return useQuery({
    queryKey: shellKeys.instructions(),
    queryFn: () => apiCall(getInstructionStatusCall, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVersions() {
  return useQuery({
    queryKey: shellKeys.versions(),
    queryFn: () => apiCall(staticConfigCall, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
