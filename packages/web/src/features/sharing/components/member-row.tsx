import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { MessageLine, useTimedMessage } from '../../../lib/screens';
import { needsOwnMessage } from '../../../lib/http';
import { setRights, type Member } from '../api/sharing-api';
import { formOf, scopeOf } from '../model/scope-form';
import { scopeLines } from '../model/scope-words';
import type { Room } from '../model/use-rooms';
import { RightsFields, type Rights } from './rights-fields';

/** One person of the home: who, their rights in words; change them or remove the person. */
export function MemberRow({
  homeId,
  member,
  rooms,
  roomName,
  onChanged,
  onRemove,
}: {
  homeId: string;
  member: Member;
  rooms: Room[];
  roomName: (key: string) => string | undefined;
  onChanged: () => Promise<unknown>;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Rights | undefined>();
  const msg = useTimedMessage();
  const save = async () => {
    if (!editing) return;
    const got = editing.role === 'guest' ? scopeOf(editing.form) : { scope: {} };
    if ('error' in got) return msg.error(t(`sharing.form.errors.${got.error}`));
    try {
      await setRights(homeId, {
        email: member.email,
        role: editing.role,
        ...(editing.role === 'guest' ? { scope: got.scope } : {}),
      });
      setEditing(undefined);
      await onChanged();
      msg.success(t('sharing.saved'));
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      if (needsOwnMessage(err)) msg.error(t('sharing.failed'));
    }
  };
  const lines = member.role === 'guest' ? scopeLines(member.scope, t, i18n.language, roomName) : [];
  return (
    <li className="sharing-member" data-testid="sharing-member">
      <div className="sharing-member__head">
        <span className="sharing-member__email">{member.email}</span>
        <span className="sharing-member__role">{t(`sharing.role.${member.role}`)}</span>
        {member.pending && <span className="sharing-member__pending">{t('sharing.pending')}</span>}
      </div>
      {!editing && lines.length > 0 && (
        <ul className="sharing-lines" aria-label={t('sharing.rightsOf', { email: member.email })}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {editing ? (
        <form
          className="sharing-edit"
          aria-label={t('sharing.editOf', { email: member.email })}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <RightsFields rights={editing} rooms={rooms} onChange={setEditing} />
          <div className="sharing-actions">
            <IonButton onClick={() => void save()}>{t('sharing.save')}</IonButton>
            <IonButton
              className="sharing-quiet"
              fill="outline"
              onClick={() => setEditing(undefined)}
            >
              {t('sharing.cancel')}
            </IonButton>
          </div>
        </form>
      ) : (
        <div className="sharing-actions">
          <button
            type="button"
            className="sharing-link"
            aria-label={t('sharing.editOf', { email: member.email })}
            onClick={() => {
              msg.clear();
              setEditing({ role: member.role, form: formOf(member.scope) });
            }}
          >
            {t('sharing.edit')}
          </button>
          <button
            type="button"
            className="hearth-danger"
            aria-label={t('sharing.removeOf', { email: member.email })}
            onClick={onRemove}
          >
            {t('sharing.remove')}
          </button>
        </div>
      )}
      <MessageLine message={msg.message} />
    </li>
  );
}
