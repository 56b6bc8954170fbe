import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Icon } from './icons';

describe('Icon', () => {
  test('with a label it is an image of that name', () => {
    render(<Icon name="airplane" label="Away" />);
    const img = screen.getByRole('img', { name: 'Away' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img.querySelector('path')?.getAttribute('d')).toMatch(/^M186\.62 464H160/);
  });

  test('without a label it is decoration, hidden from assistive tech', () => {
    const { container } = render(<Icon name="settingsOutline" className="extra" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('class')).toBe('icon extra');
    expect(screen.queryByRole('img')).toBeNull();
    // Ionicons' outline icons are strokes of 32 units without fill.
    const path = svg?.querySelector('path');
    expect(path?.getAttribute('fill')).toBe('none');
    expect(path?.getAttribute('stroke-width')).toBe('32');
  });
});
