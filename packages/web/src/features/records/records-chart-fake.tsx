import type { EChartsCoreOption } from 'echarts/core';

/** The options each drawn chart was given, newest last (checked in place of a canvas). */
export const chartOptions: EChartsCoreOption[] = [];

/**
 * jsdom has no canvas: the records tests replace the chart with this, and its options are
 * checked in chart-options.test.
 */
export function RecordsChart({ options }: { options: EChartsCoreOption }) {
  chartOptions.push(options);
  return <div data-testid="records-chart" />;
}
