import {
  type applyPointTablesCall,
  type CallParsedInput,
  ENDPOINT_SAMPLES_MAX,
  type EndpointReading,
  ErrorCode,
  type endpointValuesCall,
  type endpointWriteCall,
  type Lang,
  parseRpcResult,
  type RpcParams,
} from '@fleetport/contract';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { findEndpointState, listEndpointSamples } from './endpoint-values.store.ts';
import type { PointTableDeps } from './point-tables.service.ts';
import { findPointTable } from './point-tables.store.ts';
import { POINT_TABLE_TEXT } from './point-tables.text.ts';

/*
 * The gateway side of point tables (issue 19, docs/device-protocol.md §7.8): which tables a gateway
 * polls (`pointTableApply` through the command queue), what its endpoints last said (up kind
 * `endpoint`, stored by the gateway's inbound router) and writing a point (`endpointWrite`).
 */

/** A gateway offline when the tables are sent gets them when it returns, within a day. */
const APPLY_DEADLINE_S = 24 * 3600;
/** How long a write waits for the read-back; the command's own deadline is a little later. */
const WRITE_WAIT_MS = 20_000;
const WRITE_DEADLINE_S = 30;

/**
 * Builds the gateway's polling set from saved tables and queues it: every endpoint with its table's
 * points and slave (the endpoint's own slave address where given). 900002 for a table that is gone,
 * 120024-style not found for another company's gateway (`getCompanyDevice`).
 */
export async function applyPointTables(
  deps: PointTableDeps,
  actor: Actor,
  input: CallParsedInput<typeof applyPointTablesCall>,
) {
  const scope = owningScope(actor.scope);
  await getCompanyDevice(deps.db, scope, input.sn);
  if (!deps.gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, input.sn);
  const tables = new Map<number, Awaited<ReturnType<typeof findPointTable>>>();
  const endpoints: RpcParams<'pointTableApply'>['endpoints'] = [];
  const seen = new Set<string>();
  for (const [i, e] of input.endpoints.entries()) {
    if (seen.has(e.endpointId))
      throw new AppError(
        ErrorCode.PARAMETER_ERROR,
        null,
        200,
        `endpoints.${i}.endpointId: ${e.endpointId} twice`,
      );
    seen.add(e.endpointId);
    let table = tables.get(e.pointTableId);
    if (!table) {
      table = await findPointTable(deps.db, scope, e.pointTableId);
      tables.set(e.pointTableId, table);
    }
    if (table.points.length === 0)
      throw new AppError(
        ErrorCode.PARAMETER_ERROR,
        null,
        200,
        `endpoints.${i}.pointTableId: the table has no points`,
      );
    endpoints.push({
      endpointId: e.endpointId,
      slave: {
        protocol: table.protocol,
        connectionType: table.connectionType,
        ip: e.slaveIp ?? table.slaveIp,
        port: e.slavePort ?? table.slavePort,
        slaveId: e.slaveId ?? table.slaveId,
      },
      pollSeconds: e.pollSeconds,
      points: table.points.map((p) => ({
        name: p.name,
        functionCode: p.functionCode,
        address: p.address,
        dataType: p.dataType,
        byteOrder: p.byteOrder,
        multiplier: p.multiplier,
        divisor: p.divisor,
        dataSize: p.dataSize,
        decimals: p.decimals,
        bitOffset: p.bitOffset,
        bitCount: p.bitCount,
        trigger: p.trigger,
        batch: p.batch,
      })),
    });
  }
  const [sent] = await deps.gateway.rpc.send({
    companyId: owningCompany(scope),
    sns: [input.sn],
    method: 'pointTableApply',
    params: { endpoints },
    deadlineSeconds: APPLY_DEADLINE_S,
  });
  if (!sent) throw new AppError(ErrorCode.INTERNAL_ERROR);
  return { sn: input.sn, rpcId: sent.id, endpoints: endpoints.length };
}

const ms = (at: Date | string | null) => (at === null ? null : new Date(at).getTime());

/** The endpoint's latest values and presence (and samples since a time when asked); null before its first report. */
export async function getEndpointValues(
  deps: PointTableDeps,
  actor: Actor,
  input: CallParsedInput<typeof endpointValuesCall>,
): Promise<EndpointReading | null> {
  await getCompanyDevice(deps.db, actor.scope, input.sn);
  const row = await findEndpointState(deps.db, actor.scope, input.sn, input.endpointId);
  if (!row) return null;
  const samples =
    input.since === undefined
      ? []
      : await listEndpointSamples(deps.db, actor.scope, {
          sn: input.sn,
          endpointId: input.endpointId,
          from: new Date(input.since),
          limit: ENDPOINT_SAMPLES_MAX,
        });
  return {
    sn: row.sn,
    endpointId: row.endpoint_id,
    online: row.online,
    offlineReason: row.offline_reason,
    presenceAt: ms(row.presence_at),
    values: row.values,
    quality: row.quality,
    sampleAt: ms(row.sample_at),
    samples: samples.map((s) => ({ at: new Date(s.at).getTime(), values: s.values, quality: s.quality })),
  };
}

function errorText(error: unknown): string {
  const parsed = typeof error === 'string' ? safeJson(error) : error;
  const message = (parsed as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'failed';
}
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Writes a point through the gateway and answers what it read back. 120052 when the gateway is
 * offline (a write is not queued: a control is meant now), 120117 when it does not answer in time.
 */
export async function writeEndpointPoint(
  deps: PointTableDeps,
  actor: Actor,
  input: CallParsedInput<typeof endpointWriteCall>,
  lang: Lang,
) {
  const scope = owningScope(actor.scope);
  const device = await getCompanyDevice(deps.db, scope, input.sn);
  if (!device.online || !deps.gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, input.sn);
  const [sent] = await deps.gateway.rpc.send({
    companyId: owningCompany(scope),
    sns: [input.sn],
    method: 'endpointWrite',
    params: { endpointId: input.endpointId, point: input.point, value: input.value },
    deadlineSeconds: WRITE_DEADLINE_S,
  });
  if (!sent) throw new AppError(ErrorCode.INTERNAL_ERROR);
  const [row] = await deps.gateway.rpc.waitForResults([sent.id], WRITE_WAIT_MS);
  if (!row || row.state === 'inExecution' || row.state === 'timeout')
    throw new AppError(ErrorCode.COMMAND_TIMEOUT);
  if (row.state === 'failure')
    return {
      rpcId: sent.id,
      state: 'failure' as const,
      value: null,
      functionCode: null,
      message: errorText(row.error),
    };
  const result = parseRpcResult('endpointWrite', row.result);
  // An answer off the protocol is the gateway's fault, not a feature it lacks: a failure with the reason.
  if (!result.success)
    return {
      rpcId: sent.id,
      state: 'failure' as const,
      value: null,
      functionCode: null,
      message: POINT_TABLE_TEXT.offProtocolAnswer[lang],
    };
  return {
    rpcId: sent.id,
    state: 'success' as const,
    value: result.data.value,
    functionCode: result.data.functionCode,
    message: null,
  };
}
