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
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { importTemplate } from './device-import.parse.ts';
import { createDeviceImport } from './device-import.service.ts';
import { getCompanyDevice, listDevices } from './device-list.store.ts';
import * as registry from './device-registry.service.ts';

/** The all-devices list and the registry (issue 6): add, import, update, delete, transfer, look-ups. */
export function deviceRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'gateway' | 'hub'>) {
  const { db } = deps;
  const importer = createDeviceImport(deps);
  return [
    bind(listDevicesCall, async (ctx) => listDevices(db, companyActor(ctx).scope, ctx.input)),
    bind(getDeviceCall, async (ctx) => getCompanyDevice(db, companyActor(ctx).scope, ctx.input.sn)),
    bind(addDeviceCall, (ctx) => registry.addDevice(deps, companyActor(ctx).scope, ctx.input)),
    bind(updateDeviceCall, (ctx) => registry.updateDevice(deps, companyActor(ctx).scope, ctx.input)),
    bind(deleteDevicesCall, (ctx) =>
      registry.deleteDevices(deps, companyActor(ctx), ctx.input.sns, ctx.lang),
    ),
    bind(transferDevicesCall, (ctx) =>
      registry.transferDevices(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(obtainNotExistDevicesCall, (ctx) =>
      registry.assertDevicesExist(deps, companyActor(ctx).scope, ctx.input.sns),
    ),
    bind(checkGatewayExistCall, (ctx) => registry.gatewayState(deps, companyActor(ctx).scope, ctx.input.sn)),
    bind(importDevicesCall, async (ctx) => importer.importFile(companyActor(ctx).scope, ctx.input, ctx.lang)),
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
