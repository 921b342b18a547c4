import {
  addDeviceCall,
  checkGatewayExistCall,
  deleteDevicesCall,
  getDeviceCall,
  importDevicesCall,
  importTemplateCall,
  listDevicesCall,
  obtainNotExistDevicesCall,
  transferDevicesCall,
  updateDeviceCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { companyOf } from './company-scope.ts';
import { importTemplate } from './device-import.parse.ts';
import { createDeviceImport } from './device-import.service.ts';
import { getCompanyDevice, listDevices } from './device-list.store.ts';
import * as registry from './device-registry.service.ts';

/** The all-devices list and the registry (issue 6): add, import, update, delete, transfer, look-ups. */
export function deviceRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'gateway' | 'hub'>) {
  const { db } = deps;
  const importer = createDeviceImport(deps);
  return [
    bind(listDevicesCall, async (ctx) => listDevices(db, companyOf(ctx), ctx.input)),
    bind(getDeviceCall, async (ctx) => getCompanyDevice(db, companyOf(ctx), ctx.input.sn)),
    bind(addDeviceCall, (ctx) => registry.addDevice(deps, companyOf(ctx), ctx.input)),
    bind(updateDeviceCall, (ctx) => registry.updateDevice(deps, companyOf(ctx), ctx.input)),
    bind(deleteDevicesCall, (ctx) => registry.deleteDevices(deps, companyOf(ctx), ctx.input.sns, ctx.lang)),
    bind(transferDevicesCall, (ctx) =>
      registry.transferDevices(
        deps,
        { companyId: companyOf(ctx), userId: requireSession(ctx).userId },
        ctx.input,
        ctx.lang,
      ),
    ),
    bind(obtainNotExistDevicesCall, (ctx) =>
      registry.assertDevicesExist(deps, companyOf(ctx), ctx.input.sns),
    ),
    bind(checkGatewayExistCall, (ctx) => registry.gatewayState(deps, companyOf(ctx), ctx.input.sn)),
    bind(importDevicesCall, async (ctx) => importer.importFile(companyOf(ctx), ctx.input, ctx.lang)),
    bind(importTemplateCall, async (ctx) => {
      const { content, mimeType } = await importTemplate(ctx.input.format);
      return {
        fileName: `device-import-template.${ctx.input.format}`,
        mimeType,
        content: content.toString('base64'),
      };
    }),
  ];
}
