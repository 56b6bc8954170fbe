// Percentiles, result tables and the results folder shared by the benches.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

export const RESULTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../results');

/** Nearest-rank percentile of unsorted samples; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function summary(samples: number[]) {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length ? Math.max(...samples) : Number.NaN,
  };
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

export type Row = Record<string, string | number>;

export function markdownTable(rows: Row[]): string {
  if (rows.length === 0) return '(no rows)\n';
  const keys = Object.keys(rows[0]!);
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return (
    [
      line(keys),
      line(keys.map(() => '---')),
      ...rows.map((r) => line(keys.map((k) => r[k] ?? ''))),
    ].join('\n') + '\n'
  );
}

/** The machine the figures come from, so nobody compares them without context. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/** Prints the tables and writes bench/results/<name>.md. */
export function report(
  name: string,
  title: string,
  sections: { heading: string; rows: Row[]; note?: string }[],
  params: Row,
): void {
  const parts = [
    `# ${title}`,
    '',
    `${new Date().toISOString()} — ${machine()}`,
    '',
    `Parameters: ${Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
    '',
  ];
  for (const s of sections) {
    parts.push(`## ${s.heading}`, '', markdownTable(s.rows));
    if (s.note) parts.push(s.note, '');
  }
  const text = parts.join('\n');
  console.log(`\n${text}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.md`);
  writeFileSync(file, text);
  console.log(`written to ${file}`);
}
