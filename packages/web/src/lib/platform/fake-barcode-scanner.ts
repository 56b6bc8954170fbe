import type { QrScannerPlugin } from './qr-native';

type ProgressListener = (event: { state: number; progress?: number }) => void;

export interface FakeScannerOptions {
  /** The phone has a camera (isSupported). */
  camera?: boolean;
  /** Android: whether Google's code scanner module is on the phone, and how installing ends. */
  module?: 'installed' | 'installs' | 'fails' | 'stalls';
  /** What each scan() meets in turn: a code's text, its bytes only, the user closing the screen, or an error. */
  scans?: Array<{ text: string } | { bytes: number[] } | 'cancel' | 'empty' | { error: string }>;
}

/**
 * A double of @capacitor-mlkit/barcode-scanning's BarcodeScanner (7.x) that answers as its
 * README and native sources do: `scan` resolves `{barcodes: [Barcode]}` with `rawValue`
 * (empty when the code is not UTF-8, `bytes` then), rejects "scan canceled." when the user
 * closes the screen, and on Android rejects while Google's module is missing;
 * `installGoogleBarcodeScannerModule` only starts the install, whose end comes as
 * `googleBarcodeScannerModuleInstallProgress` events (state 4 completed, 5 failed).
 */
export function createFakeBarcodeScanner(o: FakeScannerOptions = {}) {
  const calls: string[] = [];
  const listeners = new Set<ProgressListener>();
  let moduleInstalled = (o.module ?? 'installed') === 'installed';
  const scans = [...(o.scans ?? [])];
  const emit = (state: number, progress?: number) => {
    for (const l of listeners) l({ state, progress });
  };

  const plugin = {
    isSupported: async () => ({ supported: o.camera ?? true }),
    isGoogleBarcodeScannerModuleAvailable: async () => {
      calls.push('isGoogleBarcodeScannerModuleAvailable');
      return { available: moduleInstalled };
    },
    installGoogleBarcodeScannerModule: async () => {
      calls.push('installGoogleBarcodeScannerModule');
      if (moduleInstalled)
        throw new Error('The Google Barcode Scanner Module is already installed.');
      // The real install reports later, from Play services.
      setTimeout(() => {
        emit(2, 40); // DOWNLOADING
        if (o.module === 'stalls') return emit(7); // DOWNLOAD_PAUSED, and nothing more
        if (o.module === 'fails') return emit(5); // FAILED
        moduleInstalled = true;
        emit(4, 100); // COMPLETED
      }, 0);
    },
    addListener: async (eventName: string, listener: ProgressListener) => {
      calls.push(`addListener ${eventName}`);
      listeners.add(listener);
      return {
        remove: async () => {
          calls.push(`remove ${eventName}`);
          listeners.delete(listener);
        },
      };
    },
    scan: async (options?: { formats?: string[] }) => {
      calls.push(`scan ${JSON.stringify(options ?? {})}`);
      if (!moduleInstalled)
        throw new Error(
          'The Google Barcode Scanner Module is not available. You must install it first using the installGoogleBarcodeScannerModule method.',
        );
      const next = scans.shift() ?? 'cancel';
      if (next === 'cancel') throw new Error('scan canceled.');
      if (next === 'empty') return { barcodes: [] };
      if ('error' in next) throw new Error(next.error);
      const rawValue = 'text' in next ? next.text : '';
      const bytes = 'text' in next ? [...new TextEncoder().encode(next.text)] : next.bytes;
      return {
        barcodes: [
          { rawValue, displayValue: rawValue, bytes, format: 'QR_CODE', valueType: 'TEXT' },
        ],
      };
    },
  };
  return {
    plugin: plugin as unknown as QrScannerPlugin,
    calls,
    listenerCount: () => listeners.size,
  };
}
