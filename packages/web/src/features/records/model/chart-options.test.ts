// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { echarts } from '../components/echarts-setup';
import { axisValueLabel, chartOptions, type ChartInput } from './chart-options';

const base: ChartInput = {
  labels: ['00:00', '01:00', '02:00', '03:00', '04:00'],
  shown: [true, false, false, false, true],
  consumption: [2, 0, null, 1, 0.5],
  temperature: [20, 21, null, 19, 18],
  names: { consumption: 'Consumption', temperature: 'Temperature' },
  unit: 'kWh',
};

type Axis = { max: number; min: number; interval?: number; name: string };
type Series = { data: (number | null)[]; type: string };

describe('chartOptions', () => {
  test('the consumption axis runs to 1.2 × the peak, zeros draw 1 % of it, empties stay empty', () => {
    const o = chartOptions(base) as { yAxis: Axis[]; series: Series[] };
    expect(o.yAxis[0]?.max).toBeCloseTo(2.4);
    expect(o.series[0]?.data).toEqual([2, 0.02, null, 1, 0.5]);
  });

  test('with nothing recorded the axis tops at 0.1', () => {
    const o = chartOptions({ ...base, consumption: [null, null, 0, null, null] }) as {
      yAxis: Axis[];
    };
    expect(o.yAxis[0]?.max).toBe(0.1);
  });

  test('temperature sits on a 0–40 °C axis every 10; power monitors have none', () => {
    const o = chartOptions(base) as { yAxis: Axis[]; series: Series[] };
    expect(o.yAxis[1]).toMatchObject({ min: 0, max: 40, interval: 10, name: '°C' });
    expect(o.series[1]?.type).toBe('line');
    const pmo = chartOptions({ ...base, temperature: undefined }) as {
      yAxis: Axis[];
      series: Series[];
    };
    expect(pmo.yAxis).toHaveLength(1);
    expect(pmo.series).toHaveLength(1);
  });

  test('ECharts renders the options: only the shown labels are printed', () => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
    chart.setOption(chartOptions(base));
    const svg = chart.renderToSVGString();
    chart.dispose();
    expect(svg).toContain('00:00');
    expect(svg).toContain('04:00');
    expect(svg).not.toContain('02:00');
    expect(svg).toContain('kWh');
  });

  test('axis labels are rounded: 2 decimals under 10, 1 under 100, none above', () => {
    expect(axisValueLabel(3627.57396)).toBe('3628');
    expect(axisValueLabel(42.4567)).toBe('42.5');
    expect(axisValueLabel(2.4)).toBe('2.4');
    expect(axisValueLabel(0.123456)).toBe('0.12');
    expect(axisValueLabel(0)).toBe('0');
  });

  test("axis numbers take the user's decimal separator (docs/design.md §5 i18n)", () => {
    expect(axisValueLabel(2.4, 'es')).toBe('2,4');
    expect(axisValueLabel(3627.57396, 'de')).toBe('3628');
    const o = chartOptions({ ...base, lang: 'fr' }) as {
      yAxis: { axisLabel: { formatter: (v: number) => string } }[];
    };
    expect(o.yAxis[0]?.axisLabel.formatter(0.123456)).toBe('0,12');
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
    chart.setOption(chartOptions({ ...base, consumption: [3023.0, 100, 0, 5, 1] }));
    const svg = chart.renderToSVGString();
    chart.dispose();
    expect(svg).toContain('3628');
    expect(svg).not.toMatch(/3627\.\d/);
  });
});
