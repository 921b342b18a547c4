import { createHash } from 'node:crypto';
import { RPC_ERROR, readDeviceConfiguration, UPDATE_ERROR } from '@fleetport/contract';
import { applyConfigXml, configFirmware, configSections } from './config-xml.ts';
import type { RouterState } from './router-state.ts';
import { type RpcContext, RpcFailure } from './rpc-context.ts';
import type { Handlers } from './rpc-handlers.ts';
import { fail, takeForcedFailure } from './update-handlers.ts';

/**
 * Configuration changes (docs/device-protocol.md §7.5): a change applied with a change-set is kept
 * only when the cloud confirms it within the window; otherwise the router puts its previous
 * configuration back by itself, reports `reverted` and comes back online as it was.
 */

const major = (v: string) => v.split('.')[0];

/** The simulated operator's network accepts this APN only: any other one cuts a cellular uplink. */
export const SIMULATED_OPERATOR_APN = 'internet';

export function configChecksum(xml: string): string {
  return createHash('sha256').update(xml).digest('hex');
}

/**
 * Whether the configuration cuts the router off the cloud: its uplink is cellular and the APN of the
 * active SIM is one the operator refuses (a wrong APN on a cellular-only router, issue 15).
 */
export function cutsUplink(state: RouterState, xml: string): boolean {
  if (!state.activeLink.startsWith('cellular')) return false;
  const cellular = readDeviceConfiguration(xml)?.sections.get('interface/cellular');
  if (!cellular || !('value' in cellular)) return false;
  const slot = state.activeLink === 'cellular2' ? 2 : 1;
  const sims = cellular.value.sim as { slot: number; apn: string }[];
  const apn = sims.find((sim) => sim.slot === slot)?.apn;
  return apn !== undefined && apn !== SIMULATED_OPERATOR_APN;
}

/** A value the router's own checks refuse: the first section of the change it cannot read. */
function refusedValue(incoming: string): string | null {
  const config = readDeviceConfiguration(incoming);
  if (!config) return null;
  for (const [key, state] of config.sections) {
    if ('reason' in state && state.def) return `${key}: ${state.reason}`;
  }
  return null;
}

function publishConfig(
  ctx: RpcContext,
  reason: 'changed' | 'reverted',
  changeSet?: { id: string; reason: string },
) {
  const state = ctx.state;
  ctx.publish('config', {
    ...state.config(reason),
    checksum: configChecksum(state.configXml),
    ...(changeSet
      ? { changeSet: { id: changeSet.id, state: 'reverted' as const, reason: changeSet.reason } }
      : {}),
  });
}

export const CONFIG_HANDLERS: Pick<Handlers, 'configApply' | 'configConfirm'> = {
  async configApply(ctx, p) {
    const state = ctx.state;
    const forced = takeForcedFailure(ctx);
    if (forced !== null) throw fail(forced);
    const madeFor = configFirmware(p.xml);
    if (madeFor && major(madeFor) !== major(state.firmwareVersion))
      throw fail(UPDATE_ERROR.templateAcrossVersions);
    const next = applyConfigXml(state.configXml, p.xml, p.mode);
    if (!next) throw fail(UPDATE_ERROR.invalidConfiguration);
    const refused = refusedValue(p.xml);
    if (refused) throw new RpcFailure(UPDATE_ERROR.invalidConfiguration, `Invalid configuration: ${refused}`);
    if (p.changeSet && state.pendingChangeSet)
      throw new RpcFailure(RPC_ERROR.busy, 'Another configuration change waits for confirmation');
    await ctx.wait(2000);
    const previous = { xml: state.configXml, lastUpdatedTime: state.lastUpdatedTime };
    state.configXml = next;
    state.lastUpdatedTime = Date.now();
    const touched = [...(configSections(p.xml)?.keys() ?? [])];
    publishConfig(ctx, 'changed');
    ctx.publish('event', {
      type: 'event',
      ts: Date.now(),
      event: { name: 'configChanged', lastUpdatedTime: state.lastUpdatedTime, by: 'cloud' },
    });
    // Interface changes (addresses, APNs) restart networking; the console then suggests a reboot.
    const applied = {
      lastUpdatedTime: state.lastUpdatedTime,
      rebootRequired: touched.includes('interface'),
      checksum: configChecksum(next),
    };
    if (!p.changeSet) return applied;

    const { id, confirmSeconds } = p.changeSet;
    const windowMs = confirmSeconds * 1000;
    state.pendingChangeSet = { id, previous };
    void ctx.wait(windowMs).then(() => {
      if (state.pendingChangeSet?.id !== id) return;
      state.pendingChangeSet = null;
      state.configXml = previous.xml;
      state.lastUpdatedTime = Date.now();
      const reason = `Not confirmed within ${confirmSeconds} s: the previous configuration is back`;
      state.changeSetOutcomes.set(id, { confirmed: false, reason });
      publishConfig(ctx, 'reverted', { id, reason });
    });
    // The new APN is refused by the operator: the link goes down with the change, so the reply waits
    // for the link, which comes back only with the previous configuration.
    if (cutsUplink(state, next)) ctx.loseUplink(windowMs + 1000);
    return { ...applied, confirmBy: Date.now() + windowMs * ctx.timeScale };
  },

  async configConfirm(ctx, p) {
    const state = ctx.state;
    if (state.pendingChangeSet?.id === p.changeSetId) {
      state.pendingChangeSet = null;
      state.changeSetOutcomes.set(p.changeSetId, { confirmed: true, reason: '' });
    }
    const outcome = state.changeSetOutcomes.get(p.changeSetId);
    if (!outcome) throw new RpcFailure(RPC_ERROR.notFound, `Change-set ${p.changeSetId} does not exist`);
    if (!outcome.confirmed) throw new RpcFailure(RPC_ERROR.changeSetNotPending, outcome.reason);
    return { checksum: configChecksum(state.configXml) };
  },
};
