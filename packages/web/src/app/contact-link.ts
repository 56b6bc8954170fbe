import { DEFAULT_SERIAL_PREFIX } from '@hearth/protocol';

/** The serial id without the configured prefix and its separator ("15.01.02" → "01.02"). */
export function serialWithoutPrefix(serialId: string, prefix = DEFAULT_SERIAL_PREFIX): string {
  return new RegExp(`^${prefix}[.\\-_ ]`).test(serialId)
    ? serialId.slice(prefix.length + 1)
    : serialId;
}

/**
 * Spec 1 §2: the contact mail's subject is built from the support label, the user's
 * e-mail, the first device id and the serial id without its prefix.
 */
export function contactMailto(input: {
  support: string;
  label: string;
  email: string;
  firstDevId: string;
  serialId: string;
}): string {
  const subject = [input.label, input.email, input.firstDevId, serialWithoutPrefix(input.serialId)]
    .filter((part) => part !== '')
    .join(' - ');
  return `mailto:${input.support}?subject=${encodeURIComponent(subject)}`;
}
