import { companyListCall, switchCompanyCall, type UserInfo } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { queryClient } from '../../app/query-client.ts';
import { rememberUser, SESSION_KEYS, setOnlyOneCompany } from '../auth/session-store.ts';
import { shellKeys } from '../shell/shell-queries.ts';
import { dispatchTabs } from '../shell/tabs-store.ts';

export const companyKeys = {
  all: ['company'] as const,
  list: (query: CompanyListQuery) => [...companyKeys.all, 'list', query] as const,
};

export interface CompanyListQuery {
  pageNum: number;
  pageSize: number;
  companyName: string;
}

/** Core §9: the company list starts at page 1 with 10 rows. */
export const COMPANY_PAGE_SIZE = 10;

export function fetchCompanies(query: CompanyListQuery) {
  return apiCall(companyListCall, {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    ...(query.companyName ? { companyName: query.companyName } : {}),
  });
}

export function useCompanyList(query: CompanyListQuery, enabled = true) {
  return useQuery({
    queryKey: companyKeys.list(query),
    queryFn: () => fetchCompanies(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Binds the session to a company and forgets what belonged to the previous one: the user's ids,
 * the tabs and the menus are per company.
 */
export async function enterCompany(companyId: number): Promise<UserInfo> {
  const info = await apiCall(switchCompanyCall, { companyId });
  rememberUser(info);
  localStorage.removeItem(SESSION_KEYS.menus);
  dispatchTabs({ type: 'clear' });
  queryClient.removeQueries({ queryKey: shellKeys.all });
  queryClient.setQueryData(shellKeys.userInfo(), info);
  return info;
}

/**
 * After sign-in: a person with one company goes straight in (and the only-one-company flag is
 * set); anyone else chooses. Answers where to go next.
 */
export async function landingAfterSignIn(): Promise<'/' | '/selectCompany'> {
  const page = await fetchCompanies({ pageNum: 1, pageSize: COMPANY_PAGE_SIZE, companyName: '' });
  setOnlyOneCompany(page.total === 1);
  if (page.total === 1 && page.list[0]) {
    await enterCompany(page.list[0].companyId);
    return '/';
  }
  return '/selectCompany';
}
