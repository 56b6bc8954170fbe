import { useTranslation } from 'react-i18next';

export interface RoomOption {
  id: string;
  name: string;
}

/** Whole home, or the rooms ticked: `null` is the whole home, as on the wire. */
export function RoomPicker({
  idPrefix,
  rooms,
  value,
  onChange,
}: {
  idPrefix: string;
  rooms: readonly RoomOption[];
  value: string[] | null;
  onChange: (rooms: string[] | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="comfort-fieldset">
      <legend>{t('comfort.holidays.where')}</legend>
      <label className="hearth-check">
        <input
          type="radio"
          name={`${idPrefix}-scope`}
          checked={value === null}
          onChange={() => onChange(null)}
        />
        {t('comfort.holidays.wholeHome')}
      </label>
      <label className="hearth-check">
        <input
          type="radio"
          name={`${idPrefix}-scope`}
          checked={value !== null}
          onChange={() => onChange([])}
        />
        {t('comfort.holidays.someRooms')}
      </label>
      {value !== null && (
        <div className="comfort-rooms" role="group" aria-label={t('comfort.holidays.someRooms')}>
          {rooms.map((room) => (
            <label key={room.id} className="hearth-check">
              <input
                type="checkbox"
                checked={value.includes(room.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...value, room.id] : value.filter((r) => r !== room.id),
                  )
                }
              />
              {room.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
