import { describe, expect, test, vi } from 'vitest';
import { createFakeBarcodeScanner } from './fake-barcode-scanner';
import { QR_MODULE_INSTALL_TIMEOUT_MS, createQrScanner } from './qr-native';

const WIFI_CODE = 'WIFI:T:WPA;S:HomeNet;P:s3cret;;';

describe('QR codes through the ML Kit barcode plugin', () => {
  test('a read code answers its text, asking for QR codes only', async () => {
    const fake = createFakeBarcodeScanner({ scans: [{ text: WIFI_CODE }] });
    const qr = createQrScanner(async () => fake.plugin, 'ios');
    expect(await qr.supported()).toBe(true);
    expect(await qr.scan()).toBe(WIFI_CODE);
    expect(fake.calls).toEqual(['scan {"formats":["QR_CODE"]}']);
  });

  test('closing the scanner answers null; other errors reach the caller', async () => {
    const fake = createFakeBarcodeScanner({
      scans: ['cancel', { error: 'User denied access to camera.' }, 'empty'],
    });
    const qr = createQrScanner(async () => fake.plugin, 'ios');
    expect(await qr.scan()).toBeNull();
    await expect(qr.scan()).rejects.toThrow('User denied access to camera.');
    expect(await qr.scan()).toBeNull();
  });

  test('a code that is not UTF-8 text is read from its ISO 8859-1 bytes', async () => {
    const bytes = [...'S:Café;P:x;'].map((c) => c.charCodeAt(0)); // é is one byte, 0xE9
    const fake = createFakeBarcodeScanner({ scans: [{ bytes }] });
    expect(await createQrScanner(async () => fake.plugin, 'ios').scan()).toBe('S:Café;P:x;');
  });

  test('a phone without a camera says so', async () => {
    const fake = createFakeBarcodeScanner({ camera: false });
    expect(await createQrScanner(async () => fake.plugin, 'android').supported()).toBe(false);
  });

  test("Android installs Google's scanner module first, then scans", async () => {
    const fake = createFakeBarcodeScanner({ module: 'installs', scans: [{ text: WIFI_CODE }] });
    const qr = createQrScanner(async () => fake.plugin, 'android');
    expect(await qr.scan()).toBe(WIFI_CODE);
    expect(fake.calls).toEqual([
      'isGoogleBarcodeScannerModuleAvailable',
      'addListener googleBarcodeScannerModuleInstallProgress',
      'installGoogleBarcodeScannerModule',
      'remove googleBarcodeScannerModuleInstallProgress',
      'scan {"formats":["QR_CODE"]}',
    ]);
    expect(fake.listenerCount()).toBe(0);
    // Installed now: the next scan goes straight to the scanner.
    fake.calls.length = 0;
    expect(await qr.scan()).toBeNull();
    expect(fake.calls).toEqual([
      'isGoogleBarcodeScannerModuleAvailable',
      'scan {"formats":["QR_CODE"]}',
    ]);
  });

  test('a failed module install rejects without scanning', async () => {
    const fake = createFakeBarcodeScanner({ module: 'fails', scans: [{ text: WIFI_CODE }] });
    const qr = createQrScanner(async () => fake.plugin, 'android');
    await expect(qr.scan()).rejects.toThrow('could not be installed');
    expect(fake.calls.some((c) => c.startsWith('scan'))).toBe(false);
    expect(fake.listenerCount()).toBe(0);
  });

  test('a module install that never ends gives up after its time, without scanning', async () => {
    vi.useFakeTimers();
    try {
      const fake = createFakeBarcodeScanner({ module: 'stalls', scans: [{ text: WIFI_CODE }] });
      const scan = createQrScanner(async () => fake.plugin, 'android').scan();
      const outcome = expect(scan).rejects.toThrow('could not be installed in time');
      await vi.advanceTimersByTimeAsync(QR_MODULE_INSTALL_TIMEOUT_MS - 1);
      expect(fake.listenerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(fake.calls.some((c) => c.startsWith('scan'))).toBe(false);
      expect(fake.listenerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
