import { describe, expect, test } from 'vitest';
import { contactMailto, serialWithoutPrefix } from './contact-link';

describe('contact mail', () => {
  test('the subject joins label, e-mail, first device and the serial id without its prefix', () => {
    const href = contactMailto({
      support: 'help@calora.example',
      label: 'calora.example',
      email: 'ana@example.com',
      firstDevId: '0a1b',
      serialId: '15.02.01',
    });
    expect(href).toBe(
      `mailto:help@calora.example?subject=${encodeURIComponent('calora.example - ana@example.com - 0a1b - 02.01')}`,
    );
  });

  test('a serial id without the configured prefix stays as it is', () => {
    expect(serialWithoutPrefix('01.01')).toBe('01.01');
    expect(serialWithoutPrefix('15-01.01')).toBe('01.01');
  });
});
