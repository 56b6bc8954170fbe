/*
 * The settings each node type has in its setup, and the entries of its status: declared once,
 * read by the server (setup writes, gateway reports), the simulator and the app's demo.
 */
export type { NodeSetting, SettingKind, SettingsTable } from './setting-kinds';
export { hardwareSetupKeys, NODE_SETUP_SETTINGS, ownerOnlySetupKeys } from './setup-settings';
export { NODE_STATUS_ENTRIES, ownerOnlyStatusKeys } from './status-entries';
export { anySetupWriteSchema, nodeReportSchemaFor, setupWriteSchemaFor } from './setting-schemas';
export { setupRangeProblem } from './setting-ranges';
export { mergeSettings } from './merge-settings';
