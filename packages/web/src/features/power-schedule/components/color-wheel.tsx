import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HexColorPicker } from 'react-colorful';
import { COLOR_WHEEL_DIAMETER_PX } from '@hearth/protocol';

function setIfChanged(el: Element | null, name: string, value: string) {
  if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * react-colorful's sliders (keyboard-operable) carry fixed English names ("Hue", "Color",
 * "Saturation 50%, Brightness 40%"): they are renamed in the user's language, again whenever
 * the picker writes them back.
 */
export function ColorWheel({
  color,
  onChange,
}: {
  color: string;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const rename = () => {
      const hue = root.querySelector('.react-colorful__hue [role="slider"]');
      const shade = root.querySelector('.react-colorful__saturation [role="slider"]');
      setIfChanged(hue, 'aria-label', t('powerSchedule.profiles.hue'));
      setIfChanged(shade, 'aria-label', t('powerSchedule.profiles.shade'));
      const values = /(\d+)\s?%\D+(\d+)\s?%/.exec(shade?.getAttribute('aria-valuetext') ?? '');
      if (values) {
        const [, saturation, brightness] = values;
        setIfChanged(
          shade,
          'aria-valuetext',
          t('powerSchedule.profiles.shadeValue', { saturation, brightness }),
        );
      }
    };
    rename();
    const observer = new MutationObserver(rename);
    observer.observe(root, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label', 'aria-valuetext'],
    });
    return () => observer.disconnect();
  }, [t]);
  return (
    <div ref={ref}>
      <HexColorPicker
        color={color}
        onChange={onChange}
        style={{ width: COLOR_WHEEL_DIAMETER_PX, height: COLOR_WHEEL_DIAMETER_PX }}
      />
    </div>
  );
}
