import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CONFIRMATION_REDIRECT_MS } from '@hearth/protocol';
import { useLater } from '../../lib/accounts';
import { useBrandingStore } from '../../lib/branding';
import { isBadInput } from '../../lib/http';
import { useConfirm, type ConfirmCall } from './api/confirm';

export type Outcome = 'pending' | 'success' | 'error';

/**
 * The serial id a confirmation link names. Spec 1 §7 writes the registration link as
 * /registration-confirm/nserie{serial}: a link of that form (as a compatible cloud mails it)
 * brands the screen by the serial id after the marker, as a bare /registration-confirm/01.01 does.
 */
export function serialIdOfLink(param: string): string {
  return param.replace(/^nserie/i, '');
}

/**
 * What every confirmation screen shares: the link's query, the brand of its serial id,
 * the call, and the move to /login 5 s after the outcome (cancelled if the user leaves).
 */
export function useConfirmation(userParam: 'user' | 'userid' = 'user') {
  const navigate = useNavigate();
  const { serialId } = useParams();
  const [query] = useSearchParams();
  const confirm = useConfirm();
  const { later } = useLater();
  const [outcome, setOutcome] = useState<Outcome>('pending');
  useEffect(() => {
    const serial = serialIdOfLink(serialId ?? '');
    if (serial) useBrandingStore.getState().setSerialId(serial);
  }, [serialId]);
  const settle = (result: Exclude<Outcome, 'pending'>) => {
    setOutcome(result);
    later(() => navigate('/login', { replace: true }), CONFIRMATION_REDIRECT_MS);
  };
  /**
   * `onRefused` may take a refusal of bad input (400: the server refused what the user typed,
   * the link still holds) and answer true to leave the form open for another try.
   */
  const run = (c: ConfirmCall, onRefused?: () => boolean) =>
    confirm.mutate(c, {
      onSuccess: () => settle('success'),
      onError: (error) => {
        if (isBadInput(error) && onRefused?.()) return;
        settle('error');
      },
    });
  return {
    user: query.get(userParam) ?? '',
    code: query.get('code') ?? '',
    outcome,
    busy: confirm.isPending,
    run,
  };
}
