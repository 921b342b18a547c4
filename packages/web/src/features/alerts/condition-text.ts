import {
  type AlertCondition,
  type Lang,
  RESOURCE_METRIC_LABELS,
  SIGNAL_METRIC_LABELS,
} from '@fleetport/contract';
import type { TFunction } from 'i18next';

/** A rule's condition as a sentence in the reader's language ("RSRP (dBm) of SIM 1 below -110"). */
export function conditionText(t: TFunction, lang: Lang, condition: AlertCondition | null): string {
  if (!condition) return t('condition.allConditions');
  if (condition.type === 'offline') return t('condition.offline', { minutes: condition.minutes });
  if (condition.type === 'alarm') return t('condition.alarm');
  if (condition.type === 'updateFailed') return t('condition.updateFailed');
  if (condition.type === 'configRejected') return t('condition.configRejected');
  if (condition.type === 'linkSwitch') return t('condition.linkSwitch');
  if (condition.type === 'rebootLoop')
    return t('condition.rebootLoop', { boots: condition.boots, minutes: condition.withinMinutes });
  if (condition.type === 'dataUsage') {
    const of = t(`condition.usageOf.${condition.sim === null ? condition.link : `sim${condition.sim}`}`);
    const cycle = t(`condition.cycle.${condition.cycle}`);
    return condition.unit === 'mb'
      ? t('condition.dataUsageMb', { of, mb: condition.overMb, cycle })
      : t('condition.dataUsagePercent', {
          of,
          percent: condition.percent,
          allowance: condition.allowanceMb,
          cycle,
        });
  }
  if (condition.type === 'resource')
    return t('condition.resource', {
      metric: RESOURCE_METRIC_LABELS[condition.metric][lang],
      above: condition.above,
    });
  return t('condition.signal', {
    metric: SIGNAL_METRIC_LABELS[condition.metric][lang],
    sim: condition.sim === null ? t('condition.anySim') : t('condition.sim', { sim: condition.sim }),
    below: condition.below,
  });
}
