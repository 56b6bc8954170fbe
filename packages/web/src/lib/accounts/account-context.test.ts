import { expect, test } from 'vitest';
import { frontendHost } from './account-context';

test("e-mailed links open the brand's frontendHost when it is set (spec 1 §7 appParameters)", () => {
  expect(frontendHost('https://app.example.com', 'capacitor://localhost')).toBe(
    'https://app.example.com',
  );
  expect(frontendHost('  https://app.example.com ', 'https://localhost')).toBe(
    'https://app.example.com',
  );
});

test('an empty or missing frontendHost means the origin the app was loaded from', () => {
  expect(frontendHost('', 'https://hearth.example')).toBe('https://hearth.example');
  expect(frontendHost('   ', 'https://hearth.example')).toBe('https://hearth.example');
  expect(frontendHost(undefined, 'https://hearth.example')).toBe('https://hearth.example');
  expect(frontendHost(undefined)).toBe(window.location.origin);
});
