import type { BarcodeFormat, BarcodeScannerPlugin } from '@capacitor-mlkit/barcode-scanning';

/**
 * The subset of @capacitor-mlkit/barcode-scanning's `BarcodeScanner` the app uses: its
 * ready-made scanning screen (`scan`), which needs no camera view of our own.
 */
export type QrScannerPlugin = Pick<
  BarcodeScannerPlugin,
  | 'isSupported'
  | 'scan'
  | 'isGoogleBarcodeScannerModuleAvailable'
  | 'installGoogleBarcodeScannerModule'
  | 'addListener'
>;

/** BarcodeFormat.QrCode, spelled out so the plugin's module stays out of the web bundle. */
const QR_CODE = 'QR_CODE' as BarcodeFormat.QrCode;
/** What the plugin rejects with when the user closes its screen (Android and iOS alike). */
const SCAN_CANCELED = 'scan canceled.';
/** GoogleBarcodeScannerModuleInstallState: COMPLETED, and the states that end an install. */
const INSTALL_COMPLETED = 4;
const INSTALL_ENDED_BADLY = new Set([3 /* CANCELED */, 5 /* FAILED */]);
/** A module download that has not ended by then (no network, paused) gives up, so the scan button comes back. */
export const QR_MODULE_INSTALL_TIMEOUT_MS = 60_000;

export interface QrScanner {
  /** The phone has a camera the scanner can use. */
  supported(): Promise<boolean>;
  /** Reads one QR code: its text, or null when the user cancelled. */
  scan(): Promise<string | null>;
}

/**
 * On Android the scanning screen is Google's code scanner, a Play services module that may
 * not be on the phone yet: it is installed first (the plugin's documented order), and a
 * failed install rejects like any other scanner error.
 */
async function ensureAndroidModule(plugin: QrScannerPlugin): Promise<void> {
  if ((await plugin.isGoogleBarcodeScannerModuleAvailable()).available) return;
  let handle: { remove: () => Promise<void> } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('The QR code scanner could not be installed in time.')),
        QR_MODULE_INSTALL_TIMEOUT_MS,
      );
      plugin
        .addListener('googleBarcodeScannerModuleInstallProgress', ({ state }) => {
          if (state === INSTALL_COMPLETED) resolve();
          else if (INSTALL_ENDED_BADLY.has(state))
            reject(new Error('The QR code scanner could not be installed.'));
        })
        .then((h) => {
          handle = h;
          return plugin.installGoogleBarcodeScannerModule();
        })
        .catch(reject);
    });
  } finally {
    clearTimeout(timer);
    await handle?.remove();
  }
}

function textOf(barcode: { rawValue: string; bytes?: number[] } | undefined): string | null {
  if (!barcode) return null;
  // rawValue is empty when the code is not UTF-8 text; its bytes are then the only copy,
  // and QR byte mode defaults to ISO 8859-1.
  if (barcode.rawValue === '' && barcode.bytes && barcode.bytes.length > 0) {
    const bytes = new Uint8Array(barcode.bytes);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder('latin1').decode(bytes);
    }
  }
  return barcode.rawValue;
}

/** The QR reader over the ML Kit plugin; `load` hands the plugin (imported only in the app). */
export function createQrScanner(
  load: () => Promise<QrScannerPlugin>,
  os: 'android' | 'ios',
): QrScanner {
  return {
    supported: async () => (await (await load()).isSupported()).supported,
    scan: async () => {
      const plugin = await load();
      if (os === 'android') await ensureAndroidModule(plugin);
      try {
        // Only QR codes: the plugin's documented way to make the scanner faster.
        const { barcodes } = await plugin.scan({ formats: [QR_CODE] });
        return textOf(barcodes[0]);
      } catch (err) {
        if (err instanceof Error && err.message === SCAN_CANCELED) return null;
        throw err;
      }
    },
  };
}

/** The plugin is only loaded inside the native shells, so the web bundle does not carry it. */
export const nativeQrScanner = (os: 'android' | 'ios'): QrScanner =>
  createQrScanner(
    async () => (await import('@capacitor-mlkit/barcode-scanning')).BarcodeScanner,
    os,
  );
