import { deviceReportCall, formatDateTime } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Flex, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { type Dayjs, dayjs } from '../../i18n/dayjs.ts';
import { LineChart } from '../../widgets/charts/line-chart.tsx';

const MB = 1024 * 1024;

/** Data usage and signal quality of the device over a chosen range (last 24 hours first). */
export function ReportsTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceDetails');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);
  const report = useQuery({
    queryKey: ['deviceReport', sn, range[0].valueOf(), range[1].valueOf()],
    queryFn: () =>
      apiCall(deviceReportCall, { sn, startTime: range[0].valueOf(), endTime: range[1].valueOf() }),
  });
  const usage = report.data?.usage ?? [];
  const signal = report.data?.signal ?? [];
  return (
    <Flex vertical gap={12} data-testid="reports-tab">
      <DatePicker.RangePicker
        showTime
        value={range}
        allowClear={false}
        onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        style={{ alignSelf: 'flex-start' }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('reports.usage')}>
            <LineChart
              unit="MB"
              categories={usage.map((p) => formatDateTime(p.at, 'MM-DD HH:mm'))}
              series={[
                { name: t('reports.rx'), data: usage.map((p) => +(p.rxBytes / MB).toFixed(2)) },
                { name: t('reports.tx'), data: usage.map((p) => +(p.txBytes / MB).toFixed(2)) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('reports.signal')}>
            <LineChart
              unit="dBm"
              categories={signal.map((p) => formatDateTime(p.at, 'MM-DD HH:mm'))}
              series={[
                { name: 'RSSI', data: signal.map((p) => p.rssi) },
                { name: 'RSRP', data: signal.map((p) => p.rsrp) },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
