import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { guestEmailError } from '@hearth/protocol';
import { useFrontendHost } from '../../../lib/accounts';
import { HttpError, needsOwnMessage } from '../../../lib/http';
import { decodeToken } from '../../../lib/session/jwt';
import { useSessionStore } from '../../../lib/session/session-store';
import { LoadFailedPanel, MessageLine, useTimedMessage } from '../../../lib/screens';
import { homeKeys, inviteGuest, revokeGuest, useGuests } from '../api/homes-api';

/** Spec 2 §2 guests: list, invite by e-mail, revoke (owners only). */
export function GuestsTab({ homeId }: { homeId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const guests = useGuests(homeId, true);
  const token = useSessionStore((s) => s.token);
  const userId = decodeToken(token).userId;
  // Where the invitation's link opens: the brand's frontend host, not a native shell's origin.
  const host = useFrontendHost();
  const [email, setEmail] = useState('');
  const msg = useTimedMessage();
  const reload = () => queryClient.invalidateQueries({ queryKey: homeKeys.guests(homeId) });

  const invite = async () => {
    const error = guestEmailError(email);
    if (error === 'fields')
      return msg.error(t('errors.fields', { fields: t('homes.guests.email') }));
    if (error) return msg.error(t('errors.email'));
    try {
      await inviteGuest(userId, homeId, email.trim(), host);
      setEmail('');
      await reload();
      msg.success(t('homes.guests.invited'));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err)) msg.error(t('homes.errors.userRequest'));
      else msg.clear();
    }
  };

  const revoke = async (guest: string) => {
    try {
      await revokeGuest(userId, homeId, guest);
      await reload();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err)) msg.error(t('homes.errors.userRequest'));
      else msg.clear();
    }
  };

  return (
    <section aria-label={t('homes.details.guests')}>
      {/* Ruling D13: a list that failed to load says so, never an empty list. */}
      {guests.isError && !guests.data && (
        <LoadFailedPanel
          message={t('homes.guests.loadFailed')}
          retryLabel={t('homes.retry')}
          onRetry={() => void guests.refetch()}
          retrying={guests.isFetching}
          testId="guests-load-failed"
        />
      )}
      {guests.data && (
        <ul className="homes-list" aria-label={t('homes.guests.list')}>
          {guests.data.map((g) => (
            <li key={g.email} className="device-row">
              <span>
                {g.email}
                {g.pending ? ` (${t('homes.guests.pending')})` : ''}
              </span>
              <button
                type="button"
                className="hearth-danger"
                aria-label={t('homes.guests.revoke', { email: g.email })}
                onClick={() => void revoke(g.email)}
              >
                {t('homes.guests.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {guests.isSuccess && guests.data.length === 0 && <p>{t('homes.guests.none')}</p>}
      <div className="hearth-form">
        <label htmlFor="guest-email">{t('homes.guests.email')}</label>
        <input
          id="guest-email"
          type="email"
          value={email}
          onChange={(e) => {
            msg.clear();
            setEmail(e.target.value);
          }}
        />
        <IonButton onClick={() => void invite()}>{t('homes.guests.invite')}</IonButton>
      </div>
      <MessageLine message={msg.message} />
    </section>
  );
}
