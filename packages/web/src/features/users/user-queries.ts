import { invitationListCall, userListCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { sendCall } from '../../api/client.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (filter: UserFilter) => [...userKeys.all, 'list', filter] as const,
  invitations: (pageNum: number) => [...userKeys.all, 'invitations', pageNum] as const,
};

export interface UserFilter {
  keyword: string;
  pageNum: number;
  pageSize: number;
}

export function useUserPage(filter: UserFilter) {
  return useQuery({
    queryKey: userKeys.list(filter),
    queryFn: () =>
      sendCall(userListCall, {
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
        ...(filter.keyword ? { keyword: filter.keyword } : {}),
      }),
  });
}

export function useInvitationPage(pageNum: number) {
  return useQuery({
    queryKey: userKeys.invitations(pageNum),
    queryFn: () => sendCall(invitationListCall, { pageNum, pageSize: 10 }),
  });
}
