import { getPortalTemplateCall, listPortalDevicesCall, listPortalTemplatesCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

/** Query keys of the portal manager: templates, one template, its routers. */
export const portalKeys = {
  all: ['portalManager'] as const,
  templates: ['portalManager', 'templates'] as const,
  template: (portalId: number) => ['portalManager', 'template', portalId] as const,
  devices: (portalId: number) => ['portalManager', 'devices', portalId] as const,
};

export function usePortalTemplates() {
  return useQuery({
    queryKey: portalKeys.templates,
    queryFn: () => apiCall(listPortalTemplatesCall, { pageNum: 1, pageSize: 100 }),
  });
}

export function usePortalTemplate(portalId: number) {
  return useQuery({
    queryKey: portalKeys.template(portalId),
    queryFn: () => apiCall(getPortalTemplateCall, { portalId }),
    enabled: portalId > 0,
  });
}

export function usePortalDevices(portalId: number) {
  return useQuery({
    queryKey: portalKeys.devices(portalId),
    queryFn: () => apiCall(listPortalDevicesCall, { portalId, pageNum: 1, pageSize: 100 }),
    enabled: portalId > 0,
  });
}

/** Pushes, clients, history, blocked clients, usage and terms of one template (the detail tabs). */
export const portalDetailKeys = {
  pushes: (portalId: number) => ['portalManager', 'pushes', portalId] as const,
  clients: (portalId: number) => ['portalManager', 'clients', portalId] as const,
  history: (portalId: number) => ['portalManager', 'clientHistory', portalId] as const,
  blocked: (portalId: number) => ['portalManager', 'blocked', portalId] as const,
  usage: (portalId: number, days: number) => ['portalManager', 'usage', portalId, days] as const,
  terms: (portalId: number, language: number) => ['portalManager', 'terms', portalId, language] as const,
};
