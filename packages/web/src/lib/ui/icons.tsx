import './icons.css';
import { ICON_PATHS } from './icon-paths';

/** Ionicons' shapes as inline SVG (icon-paths.tsx says why the dashboard draws them so). */

export type IconName = keyof typeof ICON_PATHS;

interface IconProps {
  name: IconName;
  className?: string;
  /** Makes the icon an image of that name; without it the icon is decoration (aria-hidden). */
  label?: string;
  'data-testid'?: string;
}

/** An icon; with `label` it is an image of that name, otherwise hidden from assistive tech. */
export function Icon({ name, className, label, 'data-testid': testId }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 512 512"
      className={className ? `icon ${className}` : 'icon'}
      focusable="false"
      data-icon={name}
      data-testid={testId}
      {...(label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {ICON_PATHS[name]}
    </svg>
  );
}
