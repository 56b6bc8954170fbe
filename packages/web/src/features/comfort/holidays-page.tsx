import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isHeaterType, type TemperatureUnits } from '@hearth/protocol';
import { DeviceSockets, useHomeDevices, useHomes } from '../../lib/devices';
import { HttpError } from '../../lib/http';
import { ConfirmDialog, LoadFailedPanel, PageFrame } from '../../lib/screens';
import {
  createHoliday,
  createOneOff,
  deleteHoliday,
  deleteOneOff,
  roomId,
  updateHoliday,
  useComfortRefresh,
  useHolidays,
  type Holiday,
  type OneOff,
} from './comfort-api';
import { temperature } from './comfort-words';
import { HolidayForm } from './holiday-form';
import { roomsWords, wallDate, wallDateTime, weekDayName } from './holiday-words';
import { OneOffForm } from './one-off-form';
import type { RoomOption } from './room-picker';
import './comfort.css';

type Editing = { kind: 'holiday'; holiday?: Holiday } | { kind: 'one-off' } | undefined;
type Removing = { kind: 'holiday'; item: Holiday } | { kind: 'one-off'; item: OneOff } | undefined;

/** The home's rooms (heaters, storage heaters, thermostats) and the units its heaters show. */
function useRooms(homeId: string) {
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devices = useHomeDevices(home);
  const rooms: RoomOption[] = devices.flatMap((d) =>
    d.nodes
      .filter((n) => isHeaterType(n.type) && n.installed)
      .map((n) => ({
        id: roomId({ devId: d.dev.dev_id, type: n.type, addr: n.addr }),
        name: n.name,
      })),
  );
  const units: TemperatureUnits | undefined = devices
    .flatMap((d) => d.nodes)
    .find((n) => n.status?.units)?.status?.units;
  return { home, rooms, units };
}

/** A home's holidays and one-off days (docs/comfort.md "Programme, holidays and one-off days"). */
export function HolidaysPage() {
  const { t, i18n } = useTranslation();
  const { homeId = '' } = useParams<{ homeId: string }>();
  const list = useHolidays(homeId);
  const refresh = useComfortRefresh();
  const { home, rooms, units } = useRooms(homeId);
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<Removing>();
  const names = new Map(rooms.map((r) => [r.id, r.name]));
  const locale = i18n.language;
  const w = { t, locale, timeZone: undefined, units };

  const done = async () => {
    setEditing(undefined);
    await refresh();
  };
  const remove = async () => {
    const target = removing;
    setRemoving(undefined);
    if (!target) return;
    try {
      if (target.kind === 'holiday') await deleteHoliday(homeId, target.item.id);
      else await deleteOneOff(homeId, target.item.id);
    } catch (err) {
      // The app's error toast tells a failed deletion; the list is read again either way.
      if (!(err instanceof Error)) throw err;
    }
    await refresh();
  };

  const title = home
    ? t('comfort.holidays.titleOf', { name: home.name })
    : t('comfort.holidays.title');
  let content;
  if (list.error instanceof HttpError && list.error.status === 403) {
    content = <p role="alert">{t('comfort.holidays.forbidden')}</p>;
  } else if (list.isError) {
    content = (
      <LoadFailedPanel
        message={t('comfort.holidays.loadFailed')}
        retryLabel={t('comfort.retry')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="holidays-failed"
      />
    );
  } else if (!list.data) {
    content = <p role="status">{t('comfort.loading')}</p>;
  } else {
    const { holidays, one_offs: oneOffs, time_zone: zone } = list.data;
    content = (
      <>
        <p>{t('comfort.holidays.intro')}</p>
        <p className="comfort-help">{t('comfort.holidays.zone', { zone })}</p>
        <h2>{t('comfort.holidays.listHeading')}</h2>
        {holidays.length === 0 && <p>{t('comfort.holidays.none')}</p>}
        <ul className="comfort-list" data-testid="holiday-list">
          {holidays.map((h) => (
            <li key={h.id} className="comfort-item" data-testid="holiday">
              {editing?.kind === 'holiday' && editing.holiday?.id === h.id ? (
                <HolidayForm
                  initial={h}
                  rooms={rooms}
                  units={units}
                  onSave={async (body) => {
                    await updateHoliday(homeId, h.id, body);
                    await done();
                  }}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <>
                  <p className="comfort-item__when">
                    {t('comfort.holidays.range', {
                      from: wallDateTime(h.from, locale),
                      to: wallDateTime(h.to, locale),
                    })}
                  </p>
                  <p>{roomsWords(t, h.rooms, names)}</p>
                  <p>
                    {h.use_day !== null
                      ? t('comfort.holidays.runsDay', { day: weekDayName(h.use_day, locale) })
                      : t('comfort.holidays.keepsAway', {
                          temperature: temperature(w, h.away_c ?? 0),
                        })}
                  </p>
                  <div className="hearth-actions">
                    <button
                      type="button"
                      onClick={() => setEditing({ kind: 'holiday', holiday: h })}
                      aria-label={t('comfort.holidays.editNamed', {
                        from: wallDateTime(h.from, locale),
                      })}
                    >
                      {t('comfort.edit')}
                    </button>
                    <button
                      type="button"
                      className="hearth-danger"
                      onClick={() => setRemoving({ kind: 'holiday', item: h })}
                      aria-label={t('comfort.holidays.deleteNamed', {
                        from: wallDateTime(h.from, locale),
                      })}
                    >
                      {t('comfort.delete')}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
        {editing?.kind === 'holiday' && !editing.holiday ? (
          <HolidayForm
            rooms={rooms}
            units={units}
            onSave={async (body) => {
              await createHoliday(homeId, body);
              await done();
            }}
            onCancel={() => setEditing(undefined)}
          />
        ) : (
          <button
            type="button"
            className="hearth-button hearth-button--primary"
            onClick={() => setEditing({ kind: 'holiday' })}
          >
            {t('comfort.holidays.add')}
          </button>
        )}
        <h2>{t('comfort.holidays.oneOffHeading')}</h2>
        <p className="comfort-help">{t('comfort.holidays.oneOffIntro')}</p>
        {oneOffs.length === 0 && <p>{t('comfort.holidays.noOneOffs')}</p>}
        <ul className="comfort-list" data-testid="one-off-list">
          {oneOffs.map((o) => (
            <li key={o.id} className="comfort-item" data-testid="one-off">
              <p className="comfort-item__when">
                {t('comfort.holidays.oneOffLine', {
                  date: wallDate(o.date, locale),
                  day: weekDayName(o.use_day, locale),
                })}
              </p>
              <p>{roomsWords(t, o.rooms, names)}</p>
              <div className="hearth-actions">
                <button
                  type="button"
                  className="hearth-danger"
                  onClick={() => setRemoving({ kind: 'one-off', item: o })}
                  aria-label={t('comfort.holidays.deleteNamed', { from: wallDate(o.date, locale) })}
                >
                  {t('comfort.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {editing?.kind === 'one-off' ? (
          <OneOffForm
            rooms={rooms}
            onSave={async (body) => {
              await createOneOff(homeId, body);
              await done();
            }}
            onCancel={() => setEditing(undefined)}
          />
        ) : (
          <button
            type="button"
            className="hearth-button"
            onClick={() => setEditing({ kind: 'one-off' })}
          >
            {t('comfort.holidays.addOneOff')}
          </button>
        )}
      </>
    );
  }
  return (
    <PageFrame title={title} backLabel={t('comfort.back')}>
      {home && <DeviceSockets devIds={home.devs.map((d) => d.dev_id)} />}
      <div className="comfort-page">{content}</div>
      {removing && (
        <ConfirmDialog
          message={
            removing.kind === 'holiday'
              ? t('comfort.holidays.confirmDelete', {
                  from: wallDateTime(removing.item.from, locale),
                  to: wallDateTime(removing.item.to, locale),
                })
              : t('comfort.holidays.confirmDeleteOneOff', {
                  date: wallDate(removing.item.date, locale),
                })
          }
          confirmLabel={t('comfort.delete')}
          cancelLabel={t('comfort.cancel')}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(undefined)}
        />
      )}
    </PageFrame>
  );
}
