import { expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LoginScreen } from './login-screen';

const t = (key: string) => key;

test.each([
  [true, 'on'],
  [false, 'off'],
])(
  'native %s: the remember switch starts %s (spec 1 §2: on by default only in the native app)',
  (isNative) => {
    render(<LoginScreen t={t} navigate={vi.fn()} isNative={isNative} />);
    const remember = screen.getByRole('switch', { name: 'login.remember' });
    expect((remember as HTMLInputElement).checked).toBe(isNative);
  },
);

test('the brand is named once, by its logo; the page heading says what the page is (issue 25)', () => {
  render(<LoginScreen t={t} navigate={vi.fn()} isNative={false} />);
  expect(screen.getByRole('img', { name: 'Hearth' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading').map((h) => [h.tagName, h.textContent])).toEqual([
    ['H1', 'login.title'],
  ]);
  // No text beside the logo repeats the brand (it was the heading "Hearth" under the logo).
  expect(document.body.textContent).not.toMatch(/hearth|app\.name/i);
});
