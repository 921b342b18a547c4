import {
  type CallInput,
  type CallOutput,
  createOpenApiClientCall,
  deleteOpenApiClientCall,
  listOpenApiClientsCall,
  openApiCallLogCall,
  openApiUsageRankingCall,
  openApiUsageTrendCall,
  rotateOpenApiSecretCall,
  updateOpenApiClientCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
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

export const useCreateClient = (onSuccess: (made: WithSecret) => void) =>
  useCallMutation(createOpenApiClientCall, { invalidates: [openApiKeys.all], onSuccess });
export const useUpdateClient = (onSuccess: () => void) =>
  useCallMutation(updateOpenApiClientCall, { invalidates: [openApiKeys.all], onSuccess });
export const useRotateSecret = (onSuccess: (made: WithSecret) => void) =>
  useCallMutation(rotateOpenApiSecretCall, { invalidates: [openApiKeys.all], onSuccess });
export const useDeleteClient = () =>
  useCallMutation(deleteOpenApiClientCall, { invalidates: [openApiKeys.all] });
