/**
 * Heating-control and home/device constants named as spec 3 §9 and spec 2 §9 name them.
 * Values already in ../constants.ts (toasts, input debounce, home clock, socket timings,
 * carousel of homes) are not repeated here.
 */

/* Spec 3 §9 — debounces. */
export const TEMP_DEBOUNCE_MS = 5_000;
export const MODE_PARAMS_REFRESH_DEBOUNCE_MS = 10_000;
export const TIMER_MODE_DEBOUNCE_MS = 1_000;
export const SCHEDULE_SAVE_DELAY_MS = 30_000;
export const POWER_SCHEDULE_SAVE_DELAY_MS = 30_000;
export const TABLE_EDIT_DEBOUNCE_MS = 4_000;

/* Spec 3 §9 — refreshes, toasts, shake. The node header clock uses HOME_CLOCK_REFRESH_MS (60 s). */
export const BOOST_REMAINING_REFRESH_MS = 30_000;
export const POWER_POLL_MS = 5_000;
export const MODIFIED_AUTO_TOAST_MS = 3_000;
export const SHAKE_MS = 1_000;

/* Spec 3 §2 and §9 — node detail. */
export const NODE_CAROUSEL_MAX_NODES = 10;
export const NODE_NAME_TRUNCATE_AT = 22;

/* Spec 3 §9 — schedule. Slots per day (24/48) live in ../modes.ts. */
export const DAYS_PER_WEEK = 7;
export const HOURS_PER_DAY = 24;
export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 1_440;
export const MINUTES_PER_WEEK = 10_080;
export const TEMP_STEP_C = 0.5;
export const TEMP_STEP_F = 1;
/** Schedule methods: 0 = 60-minute slots (default), 1 = 30-minute slots. */
export const SCHEDULE_METHOD_HOUR = 0;
export const SCHEDULE_METHOD_HALF_HOUR = 1;
export const SCHEDULE_METHOD_MINUTES = {
  [SCHEDULE_METHOD_HOUR]: 60,
  [SCHEDULE_METHOD_HALF_HOUR]: 30,
} as const;
export const DEFAULT_SCHEDULE_METHOD = SCHEDULE_METHOD_HOUR;

/* Spec 3 §9, spec 2 §9 — power profiles and limits. */
export const MAX_POWER_PROFILES = 4;
export const DEFAULT_PROFILE_LIMIT_W = 15_000;
/** Spec 2 §4: the fixed limit proposed in home settings. */
export const HOME_SETTINGS_DEFAULT_FIXED_POWER_W = 5_000;
export const POWER_LIMITLESS = -1;
export const POWER_LIMIT_NONE = 0;
export const POWER_LIMIT_MIN_W = 1_000;
export const POWER_LIMIT_MAX_W = 60_000;
export const COLOR_WHEEL_DIAMETER_PX = 200;
/** Spec 3 §2: the power-monitor gauge scale when no limit is set. */
export const POWER_GAUGE_DEFAULT_W = 15_000;
/** Spec 3 §2: below this width profile names are cut. */
export const POWER_SCHEDULE_NARROW_PX = 600;
export const PROFILE_NAME_CUT = 10;
export const PROFILE_NAME_CUT_CROWDED = 5;
export const PROFILE_NAME_CROWDED_OVER = 3;

/* Spec 3 §9 — charts. */
export const CHART_Y_MAX_FACTOR = 1.2;
export const CHART_EMPTY_Y_MAX = 0.1;
export const CHART_ZERO_BAR_FRACTION = 0.01;
export const TEMP_AXIS_MIN_C = 0;
export const TEMP_AXIS_MAX_C = 40;
export const TEMP_AXIS_STEP_C = 10;
export const DAY_CHART_HOURS = 24;
export const DAY_CHART_LABEL_EVERY_HOURS = 4;
export const QUARTER_HOURS_PER_DAY = 96;
export const QUARTER_HOUR_MINUTES = 15;
export const MONTH_CHART_LABEL_EVERY_DAYS = 4;
export const YEAR_CHART_MONTHS = 12;
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const ENERGY_UNIT = 'kWh';
export const TEMPERATURE_AXIS_UNIT = '°C';

/* Spec 3 §4 — boost. */
/**
 * How long a boost lasts, in minutes as the wire counts it (the `/boost` write's `time` and the
 * setup's `extra_options.boost_time`): at most a day, 24 hours (spec 3 §4 boost). The boost
 * dialog offers it by the hour. The one declaration of the boost maximum: the node writes,
 * the setup settings, the simulator, the demo and the dialog read it from here.
 */
export const BOOST_TIME = { min: 1, max: MINUTES_PER_DAY } as const;

/* Spec 3 §4 — sample cache. */
export const SAMPLE_CACHE_PAST_MONTH_MS = 7 * 24 * 60 * 60 * 1_000;
export const SAMPLE_CACHE_CURRENT_MONTH_MS = 15 * 60 * 1_000;

/* Spec 3 §1, §9 — demo mode. */
export const DEMO_POWER_W = 2_000;
export const DEMO_POWER_RANDOM_BELOW_W = 5_000;
export const DEMO_TIMER_BOOST_MIN = 60;
export const DEMO_TIMER_MAX_RUNBACK_TIME = 60;
export const DEMO_TIMER_SETBACK_TEMP = 17;
export const DEMO_TIMER_DEFAULT_RUNBACK_TEMP = 18;

/* Spec 3 §9 — wifi heater node defaults. */
export const WIFI_HEATER_NODE_TYPE = 'htr';
export const WIFI_HEATER_NODE_ADDR = 2;
export const WIFI_HEATER_PRODUCT_ID = '021D';
/** Spec 2 §3: product id of every other device. */
export const OTHER_DEVICE_PRODUCT_ID = '0105';

/* Spec 3 §9, spec 2 §9 — away offsets. */
export const AWAY_OFFSET_C = { min: 0, max: 5, step: 0.5 } as const;
export const AWAY_OFFSET_F = { min: 0, max: 9, step: 1 } as const;

/* Spec 3 §5 — sliders. */
export const RUNBACK_TIME = { min: 0, max: 60, step: 1 } as const;
export const RUNBACK_TEMP_MAX_DEFAULT = 30;
export const FLOOR_PROBE_MAX_TEMP = { min: 20, max: 35, step: 0.5 } as const;
export const FLOOR_PROBE_BETA = { min: 2_000, max: 5_000, step: 1 } as const;
/** Spec 3 §5: valley and PIR sleep pickers. */
export const TIME_PICKER_HOUR_STEP_MIN = 60;
export const TIME_PICKER_MINUTE_STEP_MIN = 10;

/* Spec 3 §3 — reference lists. */
export const CONTROL_MODES = [
  '0.2',
  '0.3',
  '0.5',
  '0.7',
  'PID',
  'PID 15 min',
  'PID 30 min',
] as const;
export const SENSOR_MODES = ['all_probes', 'ambient', 'floor', 'none'] as const;
export const FLOOR_PROBE_RESISTORS = ['6K8', '10K', '12K', '15K', '33K', '47K'] as const;
export const RESISTOR_MODES = ['never', 'always', 'valley_hours', 'peak_hours'] as const;
export const OPERATIONAL_MODES = ['fixed_temperature', 'weekly_schedule'] as const;
export const PIR_PRIORITIES = ['eco', 'comfort'] as const;
export const NODE_PRIORITIES = ['low', 'medium', 'high'] as const;
export const CHARGE_DAYS_COUNT = 7;

/* Spec 2 §5, §9 — names and ids. */
export const DEVICE_NAME_MAX = 32;
export const DEVICE_NAME_SETTINGS_MAX = 30;
export const NODE_NAME_MAX = 30;
export const LOCK_PASSWORD_MAX = 4;

/* Spec 2 §9 — registration, provisioning, detection. */
export const REACHABILITY_TRIES = 7;
export const REACHABILITY_INTERVAL_MS = 1_000;
export const CONNECTION_WAIT_MS = 60_000;
export const CONNECTION_WAIT_DEFAULT_MS = 40_000;
export const PROGRESS_COMPLETION_MS = 750;
export const PROGRESS_WAIT_FACTOR = 1.25;
/**
 * From the registration completing to the new home's dashboard, the success message shown
 * meanwhile: both wizards end so (ruling D6, over the spec's 5 s "redirect after wizard").
 */
export const REGISTRATION_REDIRECT_MS = 3_000;
export const DETECTION_MESSAGE_MS = 2_000;
export const DEMO_DETECTION_MS = 5_000;
/** Spec 2 §5: the fixed 18-character sample device id that demo detection finds. */
export const DEMO_DEVICE_ID = 'de30000000000000ff';
export const ESPTOUCH_TIMEOUT_MS = 60_000;
export const BLUETOOTH_TIMEOUT_MS = 60_000;
export const ACCESS_POINT_PREFIX = 'Heater';
export const ACCESS_POINT_PORT = 8_080;
export const ACCESS_POINT_WAIT_MS = 2_000;
export const BLUETOOTH_PACKET_SIZE = 500;
export const BLUETOOTH_PAIRING_CODE = '{secret}';
export const BLUETOOTH_PASSWORD_LIMIT = 15;
export const SMARTBOX_DISCOVERY_TIMEOUT_MS = 30_000;
/** Spec 2 §4: rssi thresholds of signal levels 1–3 (4 above the last). */
export const WIFI_SIGNAL_THRESHOLDS = [-70, -60, -40] as const;

/* Spec 2 §5, §9 — geolocation. */
export const GEO_RANGE_MIN = 150;
export const GEO_RANGE_MAX = 1_000;
export const GEO_RANGE_STEP = 50;
export const GEO_RANGE_DEFAULT = 500;
export const GEO_DEFAULT_RADIUS = 150;
export const GEO_RANGE_DEBOUNCE_MS = 500;
export const MAP_ZOOM_DEFAULT = 15;
export const MAP_ZOOM_WIDE = 14;
export const MAP_ZOOM_WIDE_FROM = 600;
