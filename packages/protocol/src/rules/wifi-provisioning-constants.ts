/*
 * Spec 2 §4 "Wifi provisioning": constants beyond those of ./constants.ts (ESPTOUCH_TIMEOUT_MS,
 * BLUETOOTH_TIMEOUT_MS, ACCESS_POINT_*, BLUETOOTH_*, WIFI_SIGNAL_THRESHOLDS).
 */

/** The heater's API paths (the same JSON commands travel over Bluetooth). */
export const HEATER_INFO_PATH = '/info';
export const HEATER_WIFI_NETWORK_PATH = '/mgr/wifi/network';

/** Newer heaters (Espressif provisioning) advertise `Heater_…`, classic ones `Heater-…`. */
export const BLE_ESP_NAME_PREFIX = 'Heater_';
export const BLE_CLASSIC_NAME_PREFIX = 'Heater-';
/** Classic path: the JSON command service and characteristic (16-bit UUIDs). */
export const BLE_SERVICE_UUID16 = 0xde45;
export const BLE_CHARACTERISTIC_UUID16 = 0xff33;
/** Ours: how often one known Bluetooth error is retried before falling back. */
export const BLE_KNOWN_ERROR_RETRIES = 3;

/** Spec 2 §3: an SSID is 1–32 characters; ours (WPA2): a password at most 64. */
export const WIFI_SSID_MAX = 32;
export const WIFI_PASSWORD_MAX = 64;
/** Ours: how long the hub discovery waits for the heater to reach the server. */
export const HUB_DISCOVERY_TIMEOUT_MS = 60_000;
/** Ours, as the smartbox API timeout of spec 2 §9: one HTTP call to the heater. */
export const HEATER_API_TIMEOUT_MS = 10_000;
/** Ours: the pause before bonding again after "already bonding". */
export const BLE_RETRY_PAUSE_MS = 1_000;
/** Ours: a classic-path command ends with a newline, so the heater knows it has all the packets. */
export const BLE_COMMAND_TERMINATOR = '\n';
