import type { CallDef, CallInput, CallOutput } from '@fleetport/contract';
import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, apiCall } from './client.ts';

export interface CallMutationOptions<C extends CallDef>
  extends Omit<UseMutationOptions<CallOutput<C>, ApiError, CallInput<C>>, 'mutationFn'> {
  /** Queries whose rows the call changes: refetched once it succeeds. */
  invalidates?: QueryKey[];
  /** Handle every error code in `onError` instead of the client's toast or dialog. */
  silent?: boolean;
}

/**
 * A call that changes something, as a TanStack mutation: `isPending` is the busy state of its button
 * (no hand-kept flag to forget in a `finally`), the client applies the catalogue's reaction to a
 * refused call (so `mutate` needs no try/catch), and the lists it names refetch after it succeeds.
 * Typed by the call: `mutate` takes the call's input and `onSuccess` gets its output.
 */
export function useCallMutation<C extends CallDef>(call: C, options: CallMutationOptions<C> = {}) {
  const queryClient = useQueryClient();
  const { invalidates, silent, onSuccess, ...rest } = options;
  return useMutation<CallOutput<C>, ApiError, CallInput<C>>({
    ...rest,
    mutationKey: [call.id],
    mutationFn: (input) => apiCall(call, input, { silent }),
    onSuccess: async (...args) => {
      await Promise.all((invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(...args);
    },
  });
}
