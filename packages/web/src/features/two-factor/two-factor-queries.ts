import {
  beginTwoFactorCall,
  confirmTwoFactorCall,
  getTwoFactorPolicyCall,
  getTwoFactorStatusCall,
  removeTwoFactorCall,
  setTwoFactorPolicyCall,
  type TwoFactorPolicy,
} from '@fleetport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const twoFactorKeys = {
  status: ['twoFactor', 'status'] as const,
  policy: ['twoFactor', 'policy'] as const,
};

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: twoFactorKeys.status, queryFn: () => apiCall(getTwoFactorStatusCall, {}) });

export const useTwoFactorPolicy = () =>
  useQuery({ queryKey: twoFactorKeys.policy, queryFn: () => apiCall(getTwoFactorPolicyCall, {}) });

export const useBeginTwoFactor = () => useMutation({ mutationFn: () => apiCall(beginTwoFactorCall, {}) });

/** Confirming or removing the factor changes the status the card shows. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(confirmTwoFactorCall, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export function useRemoveTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(removeTwoFactorCall, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: TwoFactorPolicy) => apiCall(setTwoFactorPolicyCall, { policy }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['twoFactor'] }),
  });
}
