import {
  addDeviceCall,
  checkGatewayExistCall,
  deleteDevicesCall,
  ErrorCode,
  getDeviceCall,
  importDevicesCall,
  importTemplateCall,
  listDevicesCall,
  MAX_DEVICES_PER_ASSIGN,
  obtainNotExistDevicesCall,
  transferDevicesCall,
  updateDeviceCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { ensureGroup } from '../device-groups/device-groups.store.ts';
import { checkedTagNames } from '../device-tags/device-tags.store.ts';
import { bulkResult, eachDevice, ownedSns } from './bulk-results.ts';
import { companyOf } from './company-scope.ts';
import { importTemplate } from './device-import.parse.ts';
import { createDeviceImport, existingDevices, registerDevices } from './device-import.service.ts';
import { getCompanyDevice, listDevices } from './device-list.store.ts';

/** Tables whose rows follow a device to its new company or go with it when it is deleted. */
const DEVICE_OWNED_TABLES = ['device_import', 'device_config', 'device_status'] as const;

/** The all-devices list and the registry (issue 6): add, import, update, delete, transfer, look-ups. */
export function deviceRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'gateway' | 'hub'>) {
  const { db, clock } = deps;
  const importer = createDeviceImport(deps);
  /**
   * After the commit: every node's gateway stops writing these devices' messages under the company
   * it cached for them (deps.hub is read now, as it may be the bridge to the other nodes).
   */
  const announceReassigned = (fromCompanyId: number, sns: string[]) => {
    if (sns.length > 0) deps.hub.publish('devices.reassigned', fromCompanyId, { sns });
  };
  return [
    bind(listDevicesCall, async (ctx) => listDevices(db, companyOf(ctx), ctx.input)),
    bind(getDeviceCall, async (ctx) => getCompanyDevice(db, companyOf(ctx), ctx.input.sn)),
    bind(addDeviceCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const { input } = ctx;
      const tags = checkedTagNames(input.tags ?? []);
      if (tags.length > 5) throw new AppError(ErrorCode.TAGS_PER_DEVICE, 5);
      if (input.groupId) await ensureGroup(db, companyScope(companyId), input.groupId);
      if ((await existingDevices(db, companyId, [input.sn])).size > 0)
        throw new AppError(ErrorCode.DEVICE_SN_EXISTS);
      await inTransaction(db, (tx) =>
        registerDevices(
          tx,
          companyId,
          [
            {
              sn: input.sn,
              name: input.name ?? '',
              model: input.model ?? '',
              mac: input.mac || null,
              imei: input.imei || null,
              tags,
              description: input.description,
              groupId: input.groupId ?? null,
            },
          ],
          clock.now(),
        ),
      );
      return getCompanyDevice(db, companyId, input.sn);
    }),
    bind(updateDeviceCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const { sn, name, description, licenceLevel } = ctx.input;
      await getCompanyDevice(db, companyId, sn);
      const set = {
        ...(name !== undefined ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(licenceLevel !== undefined ? { licence_level: licenceLevel } : {}),
      };
      if (Object.keys(set).length > 0)
        await db
          .updateTable('device')
          .set({ ...set, updated_at: clock.now() })
          .where('sn', '=', sn)
          .execute();
      return getCompanyDevice(db, companyId, sn);
    }),
    bind(deleteDevicesCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const owned = await ownedSns(db, companyId, ctx.input.sns);
      const gone: string[] = [];
      const results = await eachDevice(ctx.input.sns, ctx.lang, async (sn) => {
        if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
        await inTransaction(db, async (tx) => {
          for (const table of DEVICE_OWNED_TABLES) await tx.deleteFrom(table).where('sn', '=', sn).execute();
          await tx.deleteFrom('device').where('sn', '=', sn).where('company_id', '=', companyId).execute();
        });
        gone.push(sn);
      });
      announceReassigned(companyId, gone);
      return bulkResult(results);
    }),
    bind(transferDevicesCall, async (ctx) => {
      const session = requireSession(ctx);
      const companyId = companyOf(ctx);
      const sns = [...new Set(ctx.input.sns)];
      if (sns.length > MAX_DEVICES_PER_ASSIGN)
        throw new AppError(ErrorCode.TRANSFER_LIMIT, MAX_DEVICES_PER_ASSIGN);
      const target = ctx.input.companyId;
      const member = await db
        .selectFrom('company_user')
        .select('company_id')
        .where('user_id', '=', session.userId)
        .where('company_id', '=', target)
        .executeTakeFirst();
      if (!member || target === companyId) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
      const owned = await ownedSns(db, companyId, sns);
      const moved: string[] = [];
      const results = await eachDevice(sns, ctx.lang, async (sn) => {
        if (!owned.has(sn)) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
        await inTransaction(db, async (tx) => {
          // Tags and groups belong to the old company; the device arrives Ungrouped and untagged.
          await tx.deleteFrom('device_tag_link').where('sn', '=', sn).execute();
          await tx
            .updateTable('device')
            .set({ company_id: target, group_id: null, updated_at: clock.now() })
            .where('sn', '=', sn)
            .execute();
          for (const table of DEVICE_OWNED_TABLES)
            await tx.updateTable(table).set({ company_id: target }).where('sn', '=', sn).execute();
        });
        moved.push(sn);
      });
      announceReassigned(companyId, moved);
      return bulkResult(results);
    }),
    bind(obtainNotExistDevicesCall, async (ctx) => {
      const owned = await ownedSns(db, companyOf(ctx), ctx.input.sns);
      const missing = [...new Set(ctx.input.sns)].filter((sn) => !owned.has(sn));
      if (missing.length === 1) throw new AppError(ErrorCode.NO_SN_RECORD, missing[0]);
      if (missing.length > 1) throw new AppError(ErrorCode.NO_SN_RECORDS, missing);
      return [];
    }),
    bind(checkGatewayExistCall, async (ctx) => {
      const row = await db
        .selectFrom('device')
        .select(['sn', 'online'])
        .where('company_id', '=', companyOf(ctx))
        .where('sn', '=', ctx.input.sn)
        .executeTakeFirst();
      if (!row) throw new AppError(ErrorCode.GATEWAY_NOT_FOUND, ctx.input.sn);
      return { sn: row.sn, online: row.online };
    }),
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
