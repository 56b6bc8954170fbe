import { containsAtSign, isValidPassword } from '@hearth/protocol';

/**
 * Spec 1 §5 form rules. Each answers the first problem as a translation key with its
 * values, so every form shows the spec's message the same way.
 */
export interface FormProblem {
  key:
    | 'errors.fields'
    | 'errors.email'
    | 'errors.password'
    | 'errors.passwordFormat'
    | 'errors.serial'
    | 'errors.terms';
  values?: Record<string, string>;
}

/** The empty fields, by their translated labels, as "fields: {names}". */
export function missingFields(fields: Array<[label: string, value: string]>): FormProblem | null {
  const empty = fields.filter(([, value]) => value.trim() === '').map(([label]) => label);
  return empty.length > 0 ? { key: 'errors.fields', values: { fields: empty.join(', ') } } : null;
}

/** Spec 1 §5: an e-mail address only needs an at-sign (the server checks it further). */
export function emailProblem(email: string): FormProblem | null {
  return containsAtSign(email) ? null : { key: 'errors.email' };
}

/** A new password: word characters only, 6 to 20, equal to its repeat. */
export function newPasswordProblem(password: string, repeat: string): FormProblem | null {
  if (!isValidPassword(password)) return { key: 'errors.passwordFormat' };
  if (password !== repeat) return { key: 'errors.password' };
  return null;
}

export function firstProblem(...checks: Array<() => FormProblem | null>): FormProblem | null {
  for (const check of checks) {
    const problem = check();
    if (problem) return problem;
  }
  return null;
}
