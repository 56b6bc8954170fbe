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
