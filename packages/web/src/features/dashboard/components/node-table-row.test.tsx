import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../../lib/i18n/detect-language';
import type { SnapshotNode } from '@hearth/protocol';
import { renderWithApp } from '../../../test/render';
import { liveNode } from '../../../test/fake-devices';
import { TableRow } from './node-table-row';

const status = {
  mode: 'manual' as const,
  stemp: '21.0',
  mtemp: '19.0',
  comf_temp: '21.0',
  eco_temp: '17.0',
  ice_temp: '7.0',
  units: 'C' as const,
  sync_status: 'ok' as const,
  power: '1497.0',
};

function row(setup?: Record<string, unknown>, timer = false, extra: Record<string, unknown> = {}) {
  const node = liveNode(
    'Hall',
    1,
    { ...status, ...extra },
    setup ? { setup: setup as SnapshotNode['setup'] } : {},
  );
  renderWithApp(
    <table>
      <tbody>
        <TableRow node={node} edits={{}} timer={timer} onEdit={() => undefined} />
      </tbody>
    </table>,
  );
}

describe('table row (spec 3 §2 table edits)', () => {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.removeItem(LANG_STORAGE_KEY);
  });

  test("the power unit is the language's (docs/design.md §5: every user-visible string through i18n)", async () => {
    await changeLanguage('ru');
    row();
    const cells = screen.getAllByRole('cell').map((c) => c.textContent ?? '');
    expect(cells.some((c) => /^1\s497 Вт$/.test(c))).toBe(true);
    expect(cells.some((c) => c.endsWith(' W'))).toBe(false);
  });

  test('measured temperature, power and sync status read with their units and words', () => {
    row();
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toContain('19.0 °C');
    expect(cells).toContain('1,497 W');
    expect(cells).toContain('In sync');
  });

  test('comfort, eco and ice are editable unless the device marks them not editable', () => {
    row({ eco_temp_editable: false });
    expect(screen.getByLabelText('Comfort Hall')).toBeEnabled();
    expect(screen.getByLabelText('Eco Hall')).toBeDisabled();
    expect(screen.getByLabelText('Anti-frost Hall')).toBeEnabled();
  });

  test("a timer's measured temperature and indicators are hidden (spec 3 §2)", () => {
    row({ extra_options: { sensor_mode: 3 } }, true, { active: true });
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).not.toContain('19.0 °C');
    expect(cells).not.toContain('Heating');
    expect(screen.getByLabelText('Set temp. Hall')).toBeDisabled();
  });

  test('a heater shows both', () => {
    row(undefined, false, { active: true });
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toContain('19.0 °C');
    expect(cells).toContain('Heating');
  });
});
