import { Spin } from 'antd';
import type { EChartsOption } from 'echarts';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface EChartProps {
  option: EChartsOption;
  height?: number;
}

/**
 * One ECharts instance in a div. ECharts is imported only when a chart is first shown, so pages
 * without charts do not download it.
 */
export function EChart({ option, height = 300 }: EChartProps) {
  const { t } = useTranslation('widgets');
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts-lib.ts').then(({ echarts }) => {
      if (disposed || !container.current) return;
      chart.current = echarts.init(container.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(container.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [option, ready]);

  return (
    <Spin spinning={!ready} description={t('chart.loading')}>
      <div ref={container} style={{ width: '100%', height }} />
    </Spin>
  );
}
