export const ENDPOINT_KEYS = {
  all: ['endpoints'] as const,
  list: ['endpoints', 'list'] as const,
  one: (id: number) => ['endpoints', 'one', id] as const,
};

export const ENDPOINTS_PATH = '/endpointManager/endDeviceManagement';
export const ENDPOINT_PATH = (thingId: number) => `${ENDPOINTS_PATH}/endDeviceDetail/${thingId}`;
