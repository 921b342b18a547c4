import {
  type CallInput,
  type CallOutput,
  createOpenApiClientCall,
  deleteOpenApiClientCall,
  ErrorCode,
  listOpenApiClientsCall,
  openApiCallLogCall,
  openApiUsageRankingCall,
  openApiUsageTrendCall,
  rotateOpenApiSecretCall,
  updateOpenApiClientCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiError, apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

type Range = CallInput<typeof openApiUsageTrendCall>;
/** A client with its secret, answered once. */
type WithSecret = CallOutput<typeof createOpenApiClientCall>;

/** Query keys of the open API page: a change to the clients refetches them and the usage. */
export const openApiKeys = {
  all: ['openApi'] as const,
  clients: ['openApi', 'clients'] as const,
  trend: (range: Range) => ['openApi', 'trend', range] as const,
  ranking: (range: Range) => ['openApi', 'ranking', range] as const,
  log: (filter: CallInput<typeof openApiCallLogCall>) => ['openApi', 'log', filter] as const,
};

export const useOpenApiClients = () =>
  useQuery({ queryKey: openApiKeys.clients, queryFn: () => apiCall(listOpenApiClientsCall, {}) });

export const useUsageTrend = (range: Range) =>
  useQuery({ queryKey: openApiKeys.trend(range), queryFn: () => apiCall(openApiUsageTrendCall, range) });

export const useUsageRanking = (range: Range) =>
  useQuery({ queryKey: openApiKeys.ranking(range), queryFn: () => apiCall(openApiUsageRankingCall, range) });

export const useCallLog = (filter: CallInput<typeof openApiCallLogCall>) =>
  useQuery({ queryKey: openApiKeys.log(filter), queryFn: () => apiCall(openApiCallLogCall, filter) });

/** Whether the server asks the caller's current two-factor code first (610031). */
export const codeNeeded = (error: ApiError) => error.code === ErrorCode.TWO_FACTOR_CODE_NEEDED;

export const useCreateClient = (onSuccess: (made: WithSecret) => void, onError: (error: ApiError) => void) =>
  useCallMutation(createOpenApiClientCall, { invalidates: [openApiKeys.all], onSuccess, onError });
export const useUpdateClient = (onSuccess: () => void) =>
  useCallMutation(updateOpenApiClientCall, { invalidates: [openApiKeys.all], onSuccess });
export const useRotateSecret = (
  onSuccess: (made: WithSecret) => void,
  onError: (error: ApiError, input: CallInput<typeof rotateOpenApiSecretCall>) => void,
) => useCallMutation(rotateOpenApiSecretCall, { invalidates: [openApiKeys.all], onSuccess, onError });
export const useDeleteClient = () =>
  useCallMutation(deleteOpenApiClientCall, { invalidates: [openApiKeys.all] });
