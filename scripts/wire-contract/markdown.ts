// Markdown pieces of the generated documents, written so that Prettier leaves them as they are.

/** Code-point order, the same on every machine (localeCompare follows the locale). */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const code = (text: string) => `\`${text}\``;

/** One line, its | escaped: GitHub reads a | inside a code span as a column break too. */
const cell = (text: string) =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim() || '—';

export const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;

/** A table: its header, the separator and one row per entry. */
export const table = (head: string[], rows: string[][]) => [
  row(head),
  row(head.map(() => '---')),
  ...rows.map(row),
];
