import type { ProvisioningState, ProvisioningStepKind, ProvisioningStepState } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of provisioning runs. The console's reads take the caller's scope; the rest is the device side
 * (a claim, a device's answers, the job that moves a run on), keyed by the provisioning's id or the
 * command and change-set a step carries, like the gateway's own stores.
 */

export interface ProvisioningRow {
  id: number;
  companyId: number;
  sn: string;
  templateId: number | null;
  templateName: string;
  state: ProvisioningState;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface StepRow {
  provisioningId: number;
  position: number;
  kind: ProvisioningStepKind;
  versionId: number | null;
  target: string;
  state: ProvisioningStepState;
  attempts: number;
  reasonCode: number | null;
  reasonData: Record<string, string> | null;
  reason: string | null;
  rpcId: string | null;
  changeSetId: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const PROVISIONING_COLUMNS = [
  'p.id',
  'p.company_id as companyId',
  'p.sn',
  'p.template_id as templateId',
  'p.template_name as templateName',
  'p.state',
  'p.started_at as startedAt',
  'p.finished_at as finishedAt',
] as const;

const STEP_COLUMNS = [
  's.provisioning_id as provisioningId',
  's.position',
  's.kind',
  's.version_id as versionId',
  's.target',
  's.state',
  's.attempts',
  's.reason_code as reasonCode',
  's.reason_data as reasonData',
  's.reason',
  's.rpc_id as rpcId',
  's.change_set_id as changeSetId',
  's.started_at as startedAt',
  's.finished_at as finishedAt',
] as const;

function provisioningRow(row: ProvisioningRow): ProvisioningRow {
  return {
    ...row,
    id: Number(row.id),
    companyId: Number(row.companyId),
    templateId: row.templateId === null ? null : Number(row.templateId),
  };
}

function stepRow(row: StepRow): StepRow {
  return {
    ...row,
    provisioningId: Number(row.provisioningId),
    versionId: row.versionId === null ? null : Number(row.versionId),
  };
}

/** What a router that claims needs to know to pick a template. */
export async function claimedDevice(db: DbOrTx, sn: string) {
  const row = await db
    .selectFrom('device')
    .select(['company_id as companyId', 'model', 'series', 'firmware_version as firmwareVersion'])
    .where('sn', '=', sn)
    .executeTakeFirst();
  return row && { ...row, companyId: Number(row.companyId) };
}

/**
 * Whether this claim is the router's first: its first accepted claim was moments ago (a router that
 * retried a claim whose answer it lost is still claiming for the first time). A re-claim after a
 * factory reset, days later, is not provisioned again.
 */
export async function firstClaim(db: DbOrTx, sn: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('device_claim_log')
    .select((eb) => eb.fn.min('at').as('first'))
    .where('sn', '=', sn)
    .where('outcome', '=', 'claimed')
    .executeTakeFirst();
  const first = row?.first ? new Date(row.first as Date) : null;
  return first !== null && now.getTime() - first.getTime() <= FIRST_CLAIM_WINDOW_MS;
}

/** How long after its first accepted claim a router's claims still count as that first one. */
const FIRST_CLAIM_WINDOW_MS = 10 * 60_000;

export interface NewStep {
  kind: ProvisioningStepKind;
  versionId: number | null;
  target: string;
  state: ProvisioningStepState;
  reasonCode?: number | null;
  reasonData?: Record<string, string> | null;
}

/** Starts a run with its steps; undefined when the router has one already (its SN is unique). */
export async function insertProvisioning(
  db: DbOrTx,
  run: {
    companyId: number;
    sn: string;
    templateId: number;
    templateName: string;
    state: ProvisioningState;
    at: Date;
  },
  steps: readonly NewStep[],
): Promise<number | undefined> {
  const row = await db
    .insertInto('device_provisioning')
    .values({
      company_id: run.companyId,
      sn: run.sn,
      template_id: run.templateId,
      template_name: run.templateName,
      state: run.state,
      started_at: run.at,
      finished_at: run.state === 'running' ? null : run.at,
    })
    .onConflict((oc) => oc.column('sn').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  const id = Number(row.id);
  await db
    .insertInto('device_provisioning_step')
    .values(
      steps.map((step, position) => ({
        provisioning_id: id,
        company_id: run.companyId,
        position,
        kind: step.kind,
        version_id: step.versionId,
        target: step.target,
        state: step.state,
        reason_code: step.reasonCode ?? null,
        reason_data: step.reasonData ? JSON.stringify(step.reasonData) : null,
        finished_at: step.state === 'failed' || step.state === 'skipped' ? run.at : null,
      })),
    )
    .execute();
  return id;
}

export async function findProvisioning(db: DbOrTx, id: number): Promise<ProvisioningRow | undefined> {
  const row = await db
    .selectFrom('device_provisioning as p')
    .select(PROVISIONING_COLUMNS)
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row && provisioningRow(row);
}

export async function stepsOf(db: DbOrTx, provisioningIds: readonly number[]): Promise<StepRow[]> {
  if (provisioningIds.length === 0) return [];
  const rows = await db
    .selectFrom('device_provisioning_step as s')
    .select(STEP_COLUMNS)
    .where('s.provisioning_id', 'in', [...provisioningIds])
    .orderBy('s.provisioning_id')
    .orderBy('s.position')
    .execute();
  return rows.map(stepRow);
}

/** The running step that carries this command or change-set. */
export async function stepCarrying(
  db: DbOrTx,
  carrier: { rpcId: string } | { changeSetId: string },
): Promise<StepRow | undefined> {
  let query = db
    .selectFrom('device_provisioning_step as s')
    .select(STEP_COLUMNS)
    .where('s.state', '=', 'running');
  query =
    'rpcId' in carrier
      ? query.where('s.rpc_id', '=', carrier.rpcId)
      : query.where('s.change_set_id', '=', carrier.changeSetId);
  const row = await query.executeTakeFirst();
  return row && stepRow(row);
}

export interface StepChange {
  reasonCode?: number | null;
  reasonData?: Record<string, string> | null;
  reason?: string | null;
  rpcId?: string | null;
  changeSetId?: string | null;
  /** Counts one more start. */
  started?: boolean;
  at: Date;
}

/** Moves a step from one of `from` to `to`; false when it was not in one of them (someone else moved it). */
export async function moveStep(
  db: DbOrTx,
  step: { provisioningId: number; position: number },
  from: readonly ProvisioningStepState[],
  to: ProvisioningStepState,
  change: StepChange,
): Promise<boolean> {
  const final = to === 'done' || to === 'skipped' || to === 'failed';
  const rows = await db
    .updateTable('device_provisioning_step')
    .set({
      state: to,
      ...(change.reasonCode !== undefined ? { reason_code: change.reasonCode } : {}),
      ...(change.reasonData !== undefined
        ? { reason_data: change.reasonData ? JSON.stringify(change.reasonData) : null }
        : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.rpcId !== undefined ? { rpc_id: change.rpcId } : {}),
      ...(change.changeSetId !== undefined ? { change_set_id: change.changeSetId } : {}),
      ...(change.started ? { attempts: sql<number>`attempts + 1`, started_at: change.at } : {}),
      ...(final ? { finished_at: change.at } : {}),
    })
    .where('provisioning_id', '=', step.provisioningId)
    .where('position', '=', step.position)
    .where('state', 'in', [...from])
    .returning('position')
    .execute();
  return rows.length > 0;
}

export async function finishProvisioning(
  db: DbOrTx,
  id: number,
  state: 'done' | 'stopped',
  at: Date,
): Promise<boolean> {
  const rows = await db
    .updateTable('device_provisioning')
    .set({ state, finished_at: at })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The console's page: running runs first, then the newest. */
export async function pageProvisioning(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { state?: ProvisioningState; sn?: string; pageNum: number; pageSize: number },
) {
  let query = db
    .selectFrom('device_provisioning as p')
    .leftJoin('device as d', 'd.sn', 'p.sn')
    .where('p.company_id', 'in', [...scopedCompanyIds(scope)]);
  if (filter.state) query = query.where('p.state', '=', filter.state);
  if (filter.sn) query = query.where('p.sn', 'ilike', `%${filter.sn.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query
      .select([...PROVISIONING_COLUMNS, 'd.name as deviceName', 'd.model'])
      .orderBy(sql`case when p.state = 'running' then 0 else 1 end`)
      .orderBy('p.started_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset((filter.pageNum - 1) * filter.pageSize)
      .limit(filter.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      ...provisioningRow(r),
      deviceName: r.deviceName ?? r.sn,
      model: r.model ?? '',
    })),
  };
}

/** Running runs, oldest first: what the resume sweep looks at (device side, every company). */
export async function runningProvisioningIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('device_provisioning')
    .select('id')
    .where('state', '=', 'running')
    .orderBy('started_at')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Waiting steps of a company's running runs refused for the router's licence (one of `codes`). */
export async function stepsWaitingForLicence(
  db: DbOrTx,
  companyId: number,
  codes: readonly number[],
): Promise<{ provisioningId: number; position: number; attempts: number }[]> {
  const rows = await db
    .selectFrom('device_provisioning_step as s')
    .innerJoin('device_provisioning as p', 'p.id', 's.provisioning_id')
    .select(['s.provisioning_id as provisioningId', 's.position', 's.attempts'])
    .where('p.company_id', '=', companyId)
    .where('p.state', '=', 'running')
    .where('s.state', '=', 'waiting')
    .where('s.reason_code', 'in', [...codes])
    .execute();
  return rows.map((r) => ({ ...r, provisioningId: Number(r.provisioningId) }));
}
