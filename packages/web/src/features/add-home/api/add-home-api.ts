import { OTHER_DEVICE_PRODUCT_ID, WIFI_HEATER_PRODUCT_ID, type Dev } from '@hearth/protocol';
import { DEVICES_URL, deviceObjectUrl } from '../../../lib/devices';
import { HttpError, http } from '../../../lib/http';
import type { WizardData } from '../model/wizard-store';
import type { RegistrationDeps } from '../model/register-device';

/** Spec 2 §3 "Add-device payload". */
export function addDevicePayload(w: WizardData) {
  return {
    country: w.home.country,
    state: w.home.state,
    city: w.home.city.trim(),
    zip: w.home.zip.trim().toUpperCase(),
    tz_code: w.tzCode,
    groupData: { name: w.home.name.trim(), id: w.homeId ?? w.groupId },
    dev_id: w.devId.trim().toLowerCase(),
    serial_id: w.serialId.trim(),
    name: w.name.trim(),
    // Spec 2 §3/§9: a wifi heater registers as 021D whichever model was chosen (the model is
    // only for its image and label), every other device as 0105.
    product_id: w.deviceType === 'wifiHtr' ? WIFI_HEATER_PRODUCT_ID : OTHER_DEVICE_PRODUCT_ID,
  };
}

async function statusOf(call: Promise<unknown>): Promise<{ status: number; error?: string }> {
  try {
    await call;
    return { status: 201 };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.status, error: err.body?.error };
  }
}

async function myDevIds(): Promise<string[]> {
  const got = await http.request<{ devs: Dev[]; invited_to?: Dev[] }>(DEVICES_URL, {
    quiet: true,
  });
  return got.devs.map((d) => d.dev_id.toLowerCase());
}

/** The network side of the registration, wired to the wire paths of docs/wire-contract.md §3 and §5. */
export function registrationApi(w: WizardData): Omit<RegistrationDeps, 'sleep' | 'now'> {
  const devId = w.devId.trim().toLowerCase();
  return {
    reachable: async () => {
      await http.request('/health_check', { auth: false, quiet: true });
      return true;
    },
    addDevice: () =>
      statusOf(
        http.request(DEVICES_URL, { method: 'POST', json: addDevicePayload(w), quiet: true }),
      ),
    isMine: async () => (await myDevIds()).includes(devId),
    connected: async () => {
      const got = await http.request<{ connected: boolean }>(deviceObjectUrl(devId, 'connected'), {
        quiet: true,
      });
      return got.connected === true;
    },
  };
}
