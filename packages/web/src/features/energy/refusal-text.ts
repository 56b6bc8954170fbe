import { errorCodeOf, HttpError, needsOwnMessage } from '../../lib/http';

/**
 * The words for a refused energy write, or undefined when the app's toast told it already.
 * The server's own message is shown for bad input: it names the field or the CSV's line
 * ("line 4: not on the 30-minute grid of the first row").
 */
export function refusalText(
  err: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | undefined {
  if (!(err instanceof HttpError)) throw err;
  if (!needsOwnMessage(err)) return undefined;
  const code = errorCodeOf(err);
  if (code === 'price_source_not_allowed') return t('energy.errors.hostNotAllowed');
  if (err.status === 403) return t('energy.errors.ownerOnly');
  if (err.status === 400 && err.body?.message)
    return t('energy.errors.refused', { reason: err.body.message });
  return t('energy.errors.notSaved');
}
