import { SIGNAL_METRICS, type Signal, type TelemetrySample } from '@fleetport/contract';
import { Card, Descriptions, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../widgets/index-table.tsx';
import { SignalReading } from './signal-bars.tsx';
import type { PanelStatus } from './status-values.ts';
import { signalHistory } from './status-values.ts';

const or = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? EMPTY_CELL : v;

/**
 * Cellular, one block per SIM slot: operator, network type, registration, the four readings with bars
 * and history, ICCID and IMSI. Readings come from the latest telemetry (every SIM), else from the
 * modem status (the active SIM only).
 */
export function CellularCard({
  status,
  samples,
}: {
  status: PanelStatus;
  samples: readonly TelemetrySample[];
}) {
  const { t } = useTranslation('deviceStatus');
  const modem = status.modem;
  const latest = samples.at(-1);
  const slots = modem?.sims.length
    ? modem.sims.map((s) => s.slot)
    : [...new Set((latest?.signal ?? []).map((s) => s.sim))];
  return (
    <Card size="small" title={t('cellular')} data-testid="status-cellular">
      {slots.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCellular')} />
      ) : (
        <Flex vertical gap={12}>
          {slots.map((slot) => {
            const sim = modem?.sims.find((s) => s.slot === slot);
            const signal: Signal | undefined =
              latest?.signal.find((s) => s.sim === slot) ??
              (modem?.signal?.sim === slot ? modem.signal : undefined);
            const active = modem?.activeSim === slot;
            const registration = !modem
              ? EMPTY_CELL
              : `${modem.registered && active ? t('registered') : t('notRegistered')} · ${t(`simState.${sim?.state ?? 'absent'}`)}`;
            return (
              <Descriptions
                key={slot}
                size="small"
                bordered
                column={1}
                data-testid={`status-sim-${slot}`}
                title={
                  <Flex gap={8} align="center">
                    {t('sim', { slot })}
                    {active && <Tag color="blue">{t('activeSim')}</Tag>}
                  </Flex>
                }
                items={[
                  {
                    key: 'operator',
                    label: t('operator'),
                    // The operator's own name, as the network tells it: not a word to translate.
                    children: signal?.operator ? <span translate="no">{signal.operator}</span> : EMPTY_CELL,
                  },
                  { key: 'rat', label: t('rat'), children: or(signal?.rat) },
                  { key: 'registration', label: t('registration'), children: registration },
                  ...SIGNAL_METRICS.map((metric) => ({
                    key: metric,
                    label: metric.toUpperCase(),
                    children: (
                      <SignalReading
                        metric={metric}
                        value={signal?.[metric]}
                        history={signalHistory(samples, slot, metric)}
                        testId={`signal-${slot}-${metric}`}
                      />
                    ),
                  })),
                  { key: 'iccid', label: t('iccid'), children: or(sim?.iccid) },
                  { key: 'imsi', label: t('imsi'), children: or(sim?.imsi) },
                ]}
              />
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
