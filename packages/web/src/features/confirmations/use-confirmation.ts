import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CONFIRMATION_REDIRECT_MS } from '@hearth/protocol';
import { useLater } from '../../lib/accounts';
import { useBrandingStore } from '../../lib/branding';
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
  const run = (c: ConfirmCall) =>
    confirm.mutate(c, {
      onSuccess: () => setOutcome('success'),
      onError: () => setOutcome('error'),
      onSettled: () => later(() => navigate('/login', { replace: true }), CONFIRMATION_REDIRECT_MS),
    });
  return {
    user: query.get(userParam) ?? '',
    code: query.get('code') ?? '',
    outcome,
    busy: confirm.isPending,
    run,
  };
}
