import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WeekDay } from '@hearth/protocol';
import { renderWithApp } from '../../../test/render';
import { PowerGrid } from './power-grid';

const order: WeekDay[] = [1, 2, 3, 4, 5, 6, 0];
const grid = order.map(() => Array.from({ length: 24 }, () => 0));

function show() {
  const onCell = vi.fn();
  renderWithApp(
    <PowerGrid
      grid={grid}
      order={order}
      profiles={[{ name: 'Day', color: '#ff0000', value: 4000 }]}
      lang="en"
      selectedRow={0}
      now={{ row: 1, hour: 8 }}
      onSelectRow={vi.fn()}
      onCell={onCell}
    />,
  );
  return onCell;
}

describe('power grid keyboard (docs/design.md §5: grids work by keyboard)', () => {
  test('the hours are one tab stop, at the current hour; the arrows, Home and End move', async () => {
    const onCell = show();
    const cells = screen.getAllByRole('button', { name: /: Day$/ });
    expect(cells.filter((c) => c.tabIndex === 0)).toEqual([
      screen.getByRole('button', { name: 'Tuesday 08:00: Day' }),
    ]);
    const start = screen.getByRole('button', { name: 'Tuesday 08:00: Day' });
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Tuesday 09:00: Day' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Wednesday 09:00: Day' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('button', { name: 'Wednesday 23:00: Day' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(screen.getByRole('button', { name: 'Wednesday 00:00: Day' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Wednesday 00:00: Day' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    await userEvent.keyboard('{Enter}');
    expect(onCell).toHaveBeenCalledWith(2, 0);
  });
});
