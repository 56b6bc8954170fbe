import { expect, test } from 'vitest';
import {
  BRANDING_FETCH_DELAY_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  CONFIRMATION_REDIRECT_MS,
  DEFAULT_MAIN_COLOUR,
  ERROR_TOAST_MS,
  HOME_CLOCK_REFRESH_MS,
  HTTP_TIMEOUT_MS,
  INPUT_DEBOUNCE_MS,
  MIN_STORAGE_VERSION,
  SUCCESS_BACK_DELAY_MS,
  SUCCESS_TOAST_MS,
  TOKEN_EXPIRY_MARGIN_MS,
} from './constants';

// Spec 1 §9 (business constants) and §5 (input debounce): the durations as the spec gives them.
test('spec 1 durations keep the values of its constants table', () => {
  expect({
    ERROR_TOAST_MS,
    SUCCESS_BACK_DELAY_MS,
    CONFIRMATION_REDIRECT_MS,
    SUCCESS_TOAST_MS,
    HOME_CLOCK_REFRESH_MS,
    CHUNK_LOAD_TIMEOUT_MS,
    TOKEN_EXPIRY_MARGIN_MS,
    BRANDING_FETCH_DELAY_MS,
    HTTP_TIMEOUT_MS,
    INPUT_DEBOUNCE_MS,
  }).toEqual({
    ERROR_TOAST_MS: 5_000,
    SUCCESS_BACK_DELAY_MS: 5_000,
    CONFIRMATION_REDIRECT_MS: 5_000,
    SUCCESS_TOAST_MS: 2_000,
    HOME_CLOCK_REFRESH_MS: 60_000,
    CHUNK_LOAD_TIMEOUT_MS: 120_000,
    TOKEN_EXPIRY_MARGIN_MS: 600_000,
    BRANDING_FETCH_DELAY_MS: 500,
    HTTP_TIMEOUT_MS: 10_000,
    INPUT_DEBOUNCE_MS: 500,
  });
});

// Spec 1 §4 (storage version) and §9 (default main colour).
test('spec 1 branding constants keep their values', () => {
  expect({ MIN_STORAGE_VERSION, DEFAULT_MAIN_COLOUR }).toEqual({
    MIN_STORAGE_VERSION: 2,
    DEFAULT_MAIN_COLOUR: '#F9B521',
  });
});
