import type { EChartsCoreOption } from 'echarts/core';
import {
  barValue,
  consumptionAxisMax,
  peakOf,
  TEMP_AXIS_MAX_C,
  TEMP_AXIS_MIN_C,
  TEMP_AXIS_STEP_C,
  type ChartLabel,
} from '@hearth/protocol';

export interface ChartInput {
  /** Axis labels as the user reads them (month names, days, HH:mm), one per bucket. */
  labels: readonly string[];
  /** Which labels the axis prints (spec 3 §9 spacing). */
  shown: readonly ChartLabel['shown'][];
  consumption: readonly (number | null)[];
  temperature?: readonly (number | null)[];
  names: { consumption: string; temperature: string };
  /** kWh, or W in the detailed day view, as the user's language writes it. */
  unit: string;
  /** The temperature axis' unit as the user's language writes it; °C when not given. */
  temperatureUnit?: string;
  /** The user's language, for the axis numbers' format (2,4 in Spanish); English when not given. */
  lang?: string;
}

/**
 * The axis top is 1.2 × a measured peak, so it is rarely round: print at most 2 decimals below
 * 10, 1 below 100 and none above, so a label never reads like "3627.57396".
 */
export function axisValueLabel(value: number, lang = 'en'): string {
  const abs = Math.abs(value);
  const digits = abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits, useGrouping: false }).format(
    value,
  );
}

/**
 * Spec 3 §9: bars up to 1.2 × the peak (0.1 when empty), zeros drawn as 1 % of the peak, the
 * temperature line on a 0–40 °C axis every 10.
 */
export function chartOptions(input: ChartInput): EChartsCoreOption {
  const peak = peakOf(input.consumption);
  const withTemp = input.temperature !== undefined;
  return {
    animation: false,
    grid: { left: 48, right: withTemp ? 48 : 16, top: 32, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: {
      type: 'category',
      data: [...input.labels],
      axisLabel: { interval: (index: number) => input.shown[index] === true },
    },
    yAxis: [
      {
        type: 'value',
        name: input.unit,
        min: 0,
        max: consumptionAxisMax(input.consumption),
        axisLabel: { formatter: (value: number) => axisValueLabel(value, input.lang) },
      },
      ...(withTemp
        ? [
            {
              type: 'value',
              name: input.temperatureUnit ?? '°C',
              min: TEMP_AXIS_MIN_C,
              max: TEMP_AXIS_MAX_C,
              interval: TEMP_AXIS_STEP_C,
              splitLine: { show: false },
            },
          ]
        : []),
    ],
    series: [
      {
        name: input.names.consumption,
        type: 'bar',
        yAxisIndex: 0,
        data: input.consumption.map((v) => barValue(v, peak)),
      },
      ...(withTemp
        ? [
            {
              name: input.names.temperature,
              type: 'line',
              yAxisIndex: 1,
              connectNulls: false,
              data: [...(input.temperature ?? [])],
            },
          ]
        : []),
    ],
  };
}
