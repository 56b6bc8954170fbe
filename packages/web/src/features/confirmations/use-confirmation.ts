import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CONFIRMATION_REDIRECT_MS } from '@hearth/protocol';
import { useLater } from '../../lib/accounts';
import { useBrandingStore } from '../../lib/branding';
import { HttpError } from '../../lib/http';
import { useConfirm, type ConfirmCall } from './api/confirm';

export type Outcome = 'pending' | 'success' | 'error';

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
    if (serialId) useBrandingStore.getState().setSerialId(serialId);
  }, [serialId]);
  const settle = (result: Exclude<Outcome, 'pending'>) => {
    setOutcome(result);
    later(() => navigate('/login', { replace: true }), CONFIRMATION_REDIRECT_MS);
  };
  /**
   * `onRefused` may take a 400 (the server refused what the user typed, the link still holds)
   * and answer true to leave the form open for another try.
   */
  const run = (c: ConfirmCall, onRefused?: () => boolean) =>
    confirm.mutate(c, {
      onSuccess: () => settle('success'),
      onError: (error) => {
        if (error instanceof HttpError && error.status === 400 && onRefused?.()) return;
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
