import { type ActivityRow, activityLogListCall } from '@fleetport/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../app.ts';
import { bind } from '../../platform/http/calls.ts';
import { companyActor } from '../company-account/actor.ts';

/** The current company's activity, newest first. */
export function activityLogRoutes(deps: AppDeps) {
  return [
    bind(activityLogListCall, async (ctx) => {
      const { companyId } = companyActor(ctx);
      const f = ctx.input;
      let query = deps.db.selectFrom('activity_log').where('company_id', '=', companyId);
      if (f.userId !== undefined) query = query.where('user_id', '=', f.userId);
      if (f.callId) query = query.where('call_id', '=', f.callId);
      if (f.object) {
        const like = `%${f.object.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql<string>`lower(object)`, 'like', like);
      }
      if (f.result === 'success') query = query.where('result_code', '=', 0);
      if (f.result === 'failure') query = query.where('result_code', '!=', 0);
      if (f.startTime !== undefined) query = query.where('at', '>=', new Date(f.startTime));
      if (f.endTime !== undefined) query = query.where('at', '<=', new Date(f.endTime));
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset((f.pageNum - 1) * f.pageSize)
        .limit(f.pageSize)
        .execute();
      return { total: Number(total.n), list: rows.map(toRow) };
    }),
  ];
}

function toRow(r: {
  id: number;
  user_id: number | null;
  user_name: string | null;
  login_account: string | null;
  call_id: string;
  object: string | null;
  remote_address: string | null;
  result_code: number;
  at: Date;
}): ActivityRow {
  return {
    id: Number(r.id),
    userId: r.user_id === null ? null : Number(r.user_id),
    userName: r.user_name,
    loginAccount: r.login_account,
    callId: r.call_id,
    object: r.object,
    remoteAddress: r.remote_address,
    resultCode: r.result_code,
    at: new Date(r.at).getTime(),
  };
}
