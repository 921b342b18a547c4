import {
  checkShowNotesCall,
  getDisplayOemSettingCall,
  getInstructionStatusCall,
  getLatestMaintenanceCall,
  getShowNotesCall,
  listMaintenanceCall,
  removeMaintenanceCall,
  saveMaintenanceCall,
  updateInstructionStatusCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActorIfAny, owningCompany } from '../../platform/auth/actor.ts';
import { fieldError } from '../../platform/errors.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { displayedBranding, logoUrl } from '../branding/branding.service.ts';
import { forgetMaintenanceLocks } from './maintenance-lock.ts';
import * as store from './shell.store.ts';
import { DEFAULT_OEM_DISPLAY, SHELL_TEXT } from './shell.text.ts';

export function shellRoutes(deps: ModuleDeps<'clock' | 'db' | 'config'>) {
  return [
    bind(getLatestMaintenanceCall, async (ctx) => {
      requireSession(ctx);
      const row = await store.latestMaintenance(
        deps.db,
        companyActorIfAny(ctx)?.scope ?? null,
        deps.clock.now(),
      );
      if (!row) return null;
      return {
        messageEn: row.message_en,
        messageCn: row.message_cn,
        startTime: new Date(row.start_at).getTime(),
        endTime: new Date(row.end_at).getTime(),
      };
    }),
    bind(saveMaintenanceCall, async ({ input }) => {
      await store.insertMaintenance(deps.db, {
        messageEn: input.messageEn,
        messageCn: input.messageCn,
        startAt: new Date(input.startTime),
        endAt: new Date(input.endTime),
        whitelist: input.whitelist,
        lock: input.lock,
      });
      forgetMaintenanceLocks(deps.db);
      return null;
    }),
    bind(listMaintenanceCall, async ({ input }) => {
      const page = await store.pageMaintenance(deps.db, input);
      return {
        list: page.rows.map((row) => ({
          id: Number(row.id),
          messageEn: row.message_en,
          messageCn: row.message_cn,
          startTime: new Date(row.start_at).getTime(),
          endTime: new Date(row.end_at).getTime(),
          whitelist: (row.whitelist as number[]).map(Number),
          lock: row.lock,
        })),
        total: page.total,
      };
    }),
    bind(removeMaintenanceCall, async ({ input, lang }) => {
      if (!(await store.deleteMaintenance(deps.db, input.id)))
        throw fieldError('id', SHELL_TEXT.noSuchNotice[lang]);
      forgetMaintenanceLocks(deps.db);
      return null;
    }),
    bind(getInstructionStatusCall, async (ctx) => {
      const status = await store.instructionStatus(deps.db, requireSession(ctx).userId);
      return { status: status === '1' ? '1' : '0' } as const;
    }),
    bind(updateInstructionStatusCall, async (ctx) => {
      await store.setInstructionStatus(deps.db, requireSession(ctx).userId, ctx.input.status);
      return null;
    }),
    bind(getShowNotesCall, async (ctx) => {
      requireSession(ctx);
      const actor = companyActorIfAny(ctx);
      if (!actor) return [];
      const rows = await store.uncheckedNotes(deps.db, actor.userId, actor.scope);
      return rows.map((r) => ({
        id: Number(r.id),
        content: r.content,
        bizType: r.biz_type,
        extend: r.extend,
        checked: r.checked,
      }));
    }),
    bind(checkShowNotesCall, async (ctx) => {
      requireSession(ctx);
      const actor = companyActorIfAny(ctx);
      if (actor) await store.checkNotes(deps.db, actor.userId, actor.scope, ctx.input.ids);
      return null;
    }),
    bind(getDisplayOemSettingCall, async (ctx) => {
      // The company's own OEM settings, else its nearest partner's, else Fleetport's (branding area).
      const fallback = DEFAULT_OEM_DISPLAY[ctx.lang];
      const actor = companyActorIfAny(ctx);
      const shown = actor ? await displayedBranding(deps, owningCompany(actor.scope)) : undefined;
      return {
        logoResPath: logoUrl(deps, shown),
        rlinkDisplayName: shown?.appName ?? fallback.rlinkDisplayName,
        rvpnDisplayName: shown?.vpnName ?? fallback.rvpnDisplayName,
        brandAppName: shown?.appName ?? null,
        brandVpnName: shown?.vpnName ?? null,
      };
    }),
  ];
}
