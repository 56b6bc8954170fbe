import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_ROLES, type ShareRole } from '@hearth/protocol';
import type { ScopeForm } from '../model/scope-form';
import type { Room } from '../model/use-rooms';
import { ScopeEditor } from './scope-editor';

export interface Rights {
  role: ShareRole;
  form: ScopeForm;
}

/** The role of a person, and for a guest the scope (docs/sharing.md "Roles"). */
export function RightsFields({
  rights,
  rooms,
  onChange,
}: {
  rights: Rights;
  rooms: Room[];
  onChange: (next: Rights) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <fieldset className="sharing-roles">
        <legend>{t('sharing.role.legend')}</legend>
        {SHARE_ROLES.map((role) => (
          <div key={role} className="sharing-role">
            <input
              type="radio"
              id={`${id}-${role}`}
              name={`${id}-role`}
              value={role}
              checked={rights.role === role}
              aria-describedby={`${id}-${role}-hint`}
              onChange={() => onChange({ ...rights, role })}
            />
            <label htmlFor={`${id}-${role}`}>{t(`sharing.role.${role}`)}</label>
            <p id={`${id}-${role}-hint`} className="sharing-hint">
              {t(`sharing.role.${role}Hint`)}
            </p>
          </div>
        ))}
      </fieldset>
      {rights.role === 'guest' && (
        <ScopeEditor
          form={rights.form}
          rooms={rooms}
          onChange={(form) => onChange({ ...rights, form })}
        />
      )}
    </>
  );
}
