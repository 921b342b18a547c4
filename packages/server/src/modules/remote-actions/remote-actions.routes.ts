import {
  CAPTURE_FILE_TYPE,
  captureCall,
  captureFileCall,
  cliCall,
  dataManagementCall,
  ErrorCode,
  getTimersCall,
  ioControlCall,
  ledTestCall,
  loraCall,
  pingCall,
  poeStatusCall,
  poeTimersCall,
  rebootCall,
  remoteActionStatesCall,
  resetDevicePasswordCall,
  serialPortCall,
  speedTestCall,
  switchConnectionCall,
  timersCall,
} from '@fleetport/contract';
import { findRpcCommands } from '../../gateway/rpc.store.ts';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor, owningScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import { deviceResult } from '../devices/bulk-results.ts';
import { assertDeviceAllows } from '../licences/entitlements.ts';
import { createRemoteActions, toRemoteAction } from './remote-actions.service.ts';

/** Remote actions of the device details page (core §2), each an RPC whose id the console follows. */
export function remoteActionRoutes(deps: ModuleDeps<'clock' | 'db' | 'gateway'>) {
  const actions = createRemoteActions(deps);
  return [
    bind(rebootCall, async (ctx) => {
      // Refused whole for a set of companies (5), not device by device.
      const owner = owningScope(companyActor(ctx).scope);
      const results = [];
      for (const sn of new Set(ctx.input.sns)) {
        try {
          const sent = await actions.act(owner, sn, 'reboot', { delaySeconds: ctx.input.delaySeconds });
          results.push({ ...deviceResult(sn, 0, ctx.lang), rpcId: sent.rpcId });
        } catch (error) {
          if (!isAppError(error)) throw error;
          results.push({ ...deviceResult(sn, error.code, ctx.lang, error.data), rpcId: null });
        }
      }
      const succeeded = results.filter((r) => r.code === 0).length;
      return { succeeded, failed: results.length - succeeded, results };
    }),
    bind(pingCall, async (ctx) =>
      actions.act(companyActor(ctx).scope, ctx.input.sn, 'ping', {
        host: ctx.input.host,
        count: ctx.input.count,
      }),
    ),
    bind(speedTestCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyActor(ctx).scope, sn, 'speedTest', params, {
        deadlineSeconds: params.durationSeconds * 2 + 60,
      });
    }),
    bind(captureCall, async (ctx) => {
      const { sn, count, ...rest } = ctx.input;
      return actions.act(
        companyActor(ctx).scope,
        sn,
        'capture',
        { ...rest, maxPackets: count },
        {
          feature: 'capture',
          deadlineSeconds: rest.durationSeconds + 120,
        },
      );
    }),
    bind(ledTestCall, async (ctx) => actions.act(companyActor(ctx).scope, ctx.input.sn, 'ledTest', {})),
    bind(cliCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyActor(ctx).scope, sn, 'cli', params);
    }),
    bind(timersCall, async (ctx) => actions.timers(companyActor(ctx).scope, ctx.input.sn, ctx.input.timers)),
    bind(getTimersCall, async (ctx) => actions.listTimers(companyActor(ctx).scope, ctx.input.sn)),
    bind(resetDevicePasswordCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyActor(ctx).scope, sn, 'resetPassword', params);
    }),
    bind(switchConnectionCall, async (ctx) =>
      actions.act(companyActor(ctx).scope, ctx.input.sn, 'switchConnection', { link: ctx.input.link }),
    ),
    bind(ioControlCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyActor(ctx).scope, sn, 'ioControl', params, { capability: 'dido' });
    }),
    // The port is leased to the user whose console opened it.
    bind(serialPortCall, async (ctx) => actions.serialPort(companyActor(ctx), ctx.input)),
    bind(poeStatusCall, async (ctx) =>
      actions.act(companyActor(ctx).scope, ctx.input.sn, 'poeStatus', {}, { capability: 'poe' }),
    ),
    bind(poeTimersCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyActor(ctx).scope, sn, 'poeTimers', params, { capability: 'poe' });
    }),
    bind(captureFileCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      const [row] = await findRpcCommands(deps.db, [ctx.input.rpcId]);
      const result = row?.result as { fileName?: unknown; pcapBase64?: unknown } | null | undefined;
      if (
        !row ||
        !scopedCompanyIds(scope).includes(Number(row.company_id)) ||
        row.method !== 'capture' ||
        row.state !== 'success' ||
        typeof result?.pcapBase64 !== 'string'
      )
        throw new AppError(ErrorCode.PARAMETER_ERROR);
      // The pcap is what Wireshark opens: a device back on Basic (licences ran short) refuses it too (120095).
      await assertDeviceAllows(deps, scope, row.sn, 'wireshark');
      const fileName = typeof result.fileName === 'string' ? result.fileName : `capture-${row.sn}.pcap`;
      return { fileName, contentType: CAPTURE_FILE_TYPE, content: result.pcapBase64 };
    }),
    bind(loraCall, async (ctx) =>
      actions.act(
        companyActor(ctx).scope,
        ctx.input.sn,
        'lora',
        { action: ctx.input.action },
        { capability: 'lora' },
      ),
    ),
    bind(dataManagementCall, async (ctx) =>
      actions.act(companyActor(ctx).scope, ctx.input.sn, 'dataManagement', { action: ctx.input.action }),
    ),
    bind(remoteActionStatesCall, async (ctx) => {
      const companies = scopedCompanyIds(companyActor(ctx).scope);
      const rows = await findRpcCommands(deps.db, ctx.input.rpcIds);
      return rows.filter((r) => companies.includes(Number(r.company_id))).map(toRemoteAction);
    }),
  ];
}
