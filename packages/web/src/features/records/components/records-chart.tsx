import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from './echarts-setup';

interface RecordsChartProps {
  options: EChartsCoreOption;
  label: string;
  /** A click on a bucket (year → month, month → day); absent when the chart does not drill. */
  onBucket?: (index: number) => void;
}

/** The ECharts canvas; its options come from chartOptions, tested in Node. */
export function RecordsChart({ options, label, onBucket }: RecordsChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | undefined>(undefined);
  const onBucketRef = useRef(onBucket);

  useEffect(() => {
    onBucketRef.current = onBucket;
  }, [onBucket]);

  useEffect(() => {
    if (!el.current) return undefined;
    const c = echarts.init(el.current);
    chart.current = c;
    c.on('click', (params) => {
      if (typeof params.dataIndex === 'number') onBucketRef.current?.(params.dataIndex);
    });
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(options, { notMerge: true });
  }, [options]);

  return (
    <div
      ref={el}
      className="records__chart"
      role="img"
      aria-label={label}
      data-testid="records-chart"
    />
  );
}
