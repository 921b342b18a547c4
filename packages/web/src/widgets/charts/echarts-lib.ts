/**
 * The parts of ECharts the console draws with. Importing `echarts` whole costs ~370 KB gzip; the
 * console uses line and pie charts with a grid, tooltips and legends, so it registers only those
 * (echarts' own tree-shakable entry). A new chart type or component is registered here first.
 */
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
