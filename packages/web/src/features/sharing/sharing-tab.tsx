import { useId, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { guestEmailError } from '@hearth/protocol';
import { useFrontendHost } from '../../lib/accounts';
import { needsOwnMessage } from '../../lib/http';
import { decodeToken } from '../../lib/session/jwt';
import { useSessionStore } from '../../lib/session/session-store';
import { sharingKeys } from '../../lib/sharing';
import { LoadFailedPanel, MessageLine, useTimedMessage } from '../../lib/screens';
import { invite, revoke, useMembers } from './api/sharing-api';
import { MemberRow } from './components/member-row';
import { RightsFields, type Rights } from './components/rights-fields';
import { emptyScopeForm, scopeOf } from './model/scope-form';
import { useRooms } from './model/use-rooms';
import './sharing.css';

const freshRights = (): Rights => ({ role: 'guest', form: emptyScopeForm() });

/**
 * The home's guests tab (spec 2 §2, docs/sharing.md): the people it is shared with and their
 * rights, each to change or remove, and an invitation with a role and, for a guest, a scope.
 */
export function SharingTab({ homeId }: { homeId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const members = useMembers(homeId);
  const { rooms, name } = useRooms(homeId);
  const token = useSessionStore((s) => s.token);
  const userId = decodeToken(token).userId;
  // Where the invitation's link opens: the brand's frontend host, not a native shell's origin.
  const host = useFrontendHost();
  const [email, setEmail] = useState('');
  const [rights, setRightsState] = useState<Rights>(freshRights);
  const msg = useTimedMessage();
  const reload = () => queryClient.invalidateQueries({ queryKey: sharingKeys.members(homeId) });

  const send = async () => {
    const problem = guestEmailError(email);
    if (problem === 'fields') return msg.error(t('errors.fields', { fields: t('sharing.email') }));
    if (problem) return msg.error(t('errors.email'));
    const got = rights.role === 'guest' ? scopeOf(rights.form) : { scope: {} };
    if ('error' in got) return msg.error(t(`sharing.form.errors.${got.error}`));
    try {
      await invite(userId, homeId, {
        email: email.trim(),
        role: rights.role,
        scope: got.scope,
        frontendHost: host,
      });
      setEmail('');
      setRightsState(freshRights());
      await reload();
      msg.success(t('sharing.invited'));
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      if (needsOwnMessage(err)) msg.error(t('sharing.failed'));
      else msg.clear();
    }
  };

  const remove = async (who: string) => {
    try {
      await revoke(userId, homeId, who);
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      if (needsOwnMessage(err)) msg.error(t('sharing.failed'));
    }
    await reload();
  };

  return (
    <section className="sharing" aria-label={t('sharing.members')}>
      {/* Ruling D13: a list that failed to load says so, never an empty list. */}
      {members.isError && !members.data && (
        <LoadFailedPanel
          message={t('sharing.loadFailed')}
          retryLabel={t('sharing.retry')}
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
          testId="sharing-load-failed"
        />
      )}
      {members.data && members.data.length > 0 && (
        <ul className="sharing-members" aria-label={t('sharing.members')}>
          {members.data.map((m) => (
            <MemberRow
              key={m.email}
              homeId={homeId}
              member={m}
              rooms={rooms}
              roomName={name}
              onChanged={reload}
              onRemove={() => void remove(m.email)}
            />
          ))}
        </ul>
      )}
      {members.isSuccess && members.data.length === 0 && <p>{t('sharing.none')}</p>}
      <form
        className="sharing-invite"
        aria-labelledby={`${id}-heading`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h2 id={`${id}-heading`}>{t('sharing.inviteHeading')}</h2>
        <div className="hearth-form">
          <label htmlFor={`${id}-email`}>{t('sharing.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              msg.clear();
              setEmail(e.target.value);
            }}
          />
        </div>
        <RightsFields
          rights={rights}
          rooms={rooms}
          onChange={(next) => {
            msg.clear();
            setRightsState(next);
          }}
        />
        <IonButton onClick={() => void send()}>{t('sharing.invite')}</IonButton>
        <MessageLine message={msg.message} />
      </form>
    </section>
  );
}
