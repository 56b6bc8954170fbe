/** Spec 2 §5: a device id is exactly 18 hexadecimal characters. */
export const DEV_ID_PATTERN = /^[0-9a-fA-F]{18}$/;

export function isValidDevId(value: string): boolean {
  return DEV_ID_PATTERN.test(value);
}
