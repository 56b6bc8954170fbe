import { afterEach, describe, expect, test, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../../lib/i18n/detect-language';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render';
import { SETTING_DEFS } from '../model/setting-defs';
import { SettingControl } from './setting-control';

afterEach(async () => {
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

const chargeDays = SETTING_DEFS.find((d) => d.name === 'charge_days')!;
// Stored Sunday first, as the gateway reads them: Sunday and Friday charge.
const FLAGS = [true, false, false, false, false, true, false];

function renderDays(lang: string, onChange = vi.fn()) {
  renderWithApp(
    <SettingControl
      def={chargeDays}
      value={FLAGS}
      initial={FLAGS}
      editable
      units="C"
      lang={lang}
      onChange={onChange}
    />,
  );
  return onChange;
}

const boxes = () =>
  screen
    .getAllByRole('checkbox')
    .map((box) => [box.parentElement?.textContent, (box as HTMLInputElement).checked]);

describe('charge days (spec 3 §9)', () => {
  test('in English from Sunday, each flag under its own weekday', () => {
    renderDays('en');
    expect(boxes()).toEqual([
      ['Sun', true],
      ['Mon', false],
      ['Tue', false],
      ['Wed', false],
      ['Thu', false],
      ['Fri', true],
      ['Sat', false],
    ]);
  });

  test('in other languages from Monday; a tick changes the flag of that weekday', async () => {
    const onChange = renderDays('es');
    const shown = boxes();
    expect(shown.map(([, on]) => on)).toEqual([false, false, false, false, true, false, true]);
    expect(shown[6]?.[0]).toMatch(/^dom/i);
    await userEvent.click(screen.getAllByRole('checkbox')[0]!);
    expect(onChange).toHaveBeenCalledWith([true, true, false, false, false, true, false]);
  });
});

describe('slider labels (spec 3 §5 numeric label)', () => {
  const def = (name: string) => SETTING_DEFS.find((d) => d.name === name)!;
  const slider = (name: string, value: unknown, lang: string) =>
    renderWithApp(
      <SettingControl
        def={def(name)}
        value={value}
        initial={value}
        editable
        range={{ min: 5, max: 30, step: 0.5 }}
        units="C"
        lang={lang}
        onChange={vi.fn()}
      />,
    );

  test('a temperature shows its integer part and one decimal digit, in the language', () => {
    slider('max_runback_temp', 28, 'en');
    expect(screen.getByTestId('setting-max_runback_temp-value')).toHaveTextContent('28.0 °C');
  });

  test('with the decimal comma where the language writes one', () => {
    slider('setback_temp', '17.5', 'es');
    expect(screen.getByTestId('setting-setback_temp-value')).toHaveTextContent('17,5 °C');
  });

  test("a time in minutes reads with the language's unit (docs/design.md §5 i18n)", async () => {
    await changeLanguage('ru');
    slider('max_runback_time', 45, 'ru');
    expect(screen.getByTestId('setting-max_runback_time-value')).toHaveTextContent('45 мин');
  });

  test('a time in minutes stays a whole number', () => {
    slider('max_runback_time', 45, 'en');
    expect(screen.getByTestId('setting-max_runback_time-value')).toHaveTextContent('45 min');
  });
});
