import { getIotConnectorCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const IOT_CONNECTOR_KEYS = {
  list: ['iotConnector', 'list'] as const,
  one: (id: number) => ['iotConnector', 'one', id] as const,
};

/** The route of a connector's details (core §2 appcenter iotConnector/{id}). */
export const CONNECTOR_PATH = (id: number) => `/appcenter/iotConnector/${id}`;

/** How often the open pages read the delivery state again (telemetry arrives every minute or so). */
export const DELIVERY_REFRESH_MS = 10_000;

export function useIotConnector(id: number) {
  return useQuery({
    queryKey: IOT_CONNECTOR_KEYS.one(id),
    queryFn: () => apiCall(getIotConnectorCall, { connectorId: id }),
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}
