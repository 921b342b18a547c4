import {
  captureCall,
  cliCall,
  dataManagementCall,
  ioControlCall,
  ledTestCall,
  loraCall,
  pingCall,
  poeStatusCall,
  rebootCall,
  remoteActionStatesCall,
  resetDevicePasswordCall,
  serialPortCall,
  speedTestCall,
  switchConnectionCall,
  timersCall,
} from '@fleetport/contract';
import type { AppDeps } from '../../app.ts';
import { findRpcCommands } from '../../gateway/rpc.store.ts';
import { isAppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import { deviceResult } from '../devices/bulk-results.ts';
import { companyOf } from '../devices/company-scope.ts';
import { createRemoteActions, toRemoteAction } from './remote-actions.service.ts';

/** Remote actions of the device details page (core §2), each an RPC whose id the console follows. */
export function remoteActionRoutes(deps: AppDeps) {
  const actions = createRemoteActions(deps);
  return [
    bind(rebootCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const results = [];
      for (const sn of new Set(ctx.input.sns)) {
        try {
          const sent = await actions.act(companyId, sn, 'reboot', { delaySeconds: ctx.input.delaySeconds });
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
      actions.act(companyOf(ctx), ctx.input.sn, 'ping', { host: ctx.input.host, count: ctx.input.count }),
    ),
    bind(speedTestCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyOf(ctx), sn, 'speedTest', params, {
        deadlineSeconds: params.durationSeconds * 2 + 60,
      });
    }),
    bind(captureCall, async (ctx) => {
      const { sn, count, ...rest } = ctx.input;
      return actions.act(
        companyOf(ctx),
        sn,
        'capture',
        { ...rest, maxPackets: count },
        {
          licence: true,
          deadlineSeconds: rest.durationSeconds + 120,
        },
      );
    }),
    bind(ledTestCall, async (ctx) => actions.act(companyOf(ctx), ctx.input.sn, 'ledTest', {})),
    bind(cliCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyOf(ctx), sn, 'cli', params);
    }),
    bind(timersCall, async (ctx) => actions.timers(companyOf(ctx), ctx.input.sn, ctx.input.timers)),
    bind(resetDevicePasswordCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyOf(ctx), sn, 'resetPassword', params);
    }),
    bind(switchConnectionCall, async (ctx) =>
      actions.act(companyOf(ctx), ctx.input.sn, 'switchConnection', { link: ctx.input.link }),
    ),
    bind(ioControlCall, async (ctx) => {
      const { sn, ...params } = ctx.input;
      return actions.act(companyOf(ctx), sn, 'ioControl', params, { capability: 'dido' });
    }),
    bind(serialPortCall, async (ctx) => actions.serialPort(companyOf(ctx), ctx.input)),
    bind(poeStatusCall, async (ctx) =>
      actions.act(companyOf(ctx), ctx.input.sn, 'poeStatus', {}, { capability: 'poe' }),
    ),
    bind(loraCall, async (ctx) =>
      actions.act(companyOf(ctx), ctx.input.sn, 'lora', { action: ctx.input.action }, { capability: 'lora' }),
    ),
    bind(dataManagementCall, async (ctx) =>
      actions.act(companyOf(ctx), ctx.input.sn, 'dataManagement', { action: ctx.input.action }),
    ),
    bind(remoteActionStatesCall, async (ctx) => {
      const companyId = companyOf(ctx);
      const rows = await findRpcCommands(deps.db, ctx.input.rpcIds);
      return rows.filter((r) => Number(r.company_id) === companyId).map(toRemoteAction);
    }),
  ];
}
