import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DeviceSockets, routes } from '../../lib/devices';
import { LoadFailedPanel, PageFrame } from '../../lib/screens';
import {
  saveRoomComfort,
  useComfortRefresh,
  useComfortSummary,
  useDecisions,
  useRoomComfort,
  roomId,
  type RoomComfort,
  type RoomRef,
} from './comfort-api';
import { ComfortNoticeView } from './comfort-notice';
import { dayAndTime, decisionLines, instantMs, learnedWords, type Wording } from './comfort-words';
import { useRoomOfRoute } from './use-room';
import './comfort.css';

type Feature = 'optimum_start' | 'window_detection';

function Switches({
  room,
  settings,
  owner,
}: {
  room: RoomRef;
  settings: RoomComfort;
  owner: boolean;
}) {
  const { t } = useTranslation();
  const refresh = useComfortRefresh();
  // The switch moves at once; the server's answer (read again) then stands, or the failure says so.
  const [saving, setSaving] = useState<{ feature: Feature; on: boolean } | undefined>();
  const [failed, setFailed] = useState(false);
  const change = async (feature: Feature, on: boolean) => {
    setSaving({ feature, on });
    setFailed(false);
    try {
      await saveRoomComfort(room, { [feature]: on });
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      setFailed(true);
    } finally {
      await refresh();
      setSaving(undefined);
    }
  };
  const features: Array<{ key: Feature; help: string; label: string }> = [
    {
      key: 'optimum_start',
      label: t('comfort.optimumStart'),
      help: t('comfort.optimumStartHelp'),
    },
    {
      key: 'window_detection',
      label: t('comfort.windowDetection'),
      help: t('comfort.windowDetectionHelp'),
    },
  ];
  return (
    <section className="comfort-section" aria-labelledby="comfort-switches">
      <h2 id="comfort-switches">{t('comfort.settingsHeading')}</h2>
      {features.map((f) => (
        <div key={f.key} className="comfort-switch">
          <label className="hearth-check">
            <input
              type="checkbox"
              role="switch"
              checked={saving?.feature === f.key ? saving.on : settings[f.key]}
              disabled={!owner || saving !== undefined}
              aria-describedby={`comfort-help-${f.key}`}
              onChange={(e) => void change(f.key, e.target.checked)}
              data-testid={`switch-${f.key}`}
            />
            {f.label}
          </label>
          <p id={`comfort-help-${f.key}`} className="comfort-help">
            {f.help}
          </p>
        </div>
      ))}
      {!owner && <p className="comfort-help">{t('comfort.ownerOnly')}</p>}
      {failed && (
        <p role="alert" className="hearth-message hearth-message--error">
          {t('comfort.saveFailed')}
        </p>
      )}
    </section>
  );
}

/** A room's comfort: its switches, what it learned, what it decided (docs/comfort.md). */
export function RoomComfortPage() {
  const { t, i18n } = useTranslation();
  const { homeId, homes, home, room, name, units, timeZone } = useRoomOfRoute();
  const ref: RoomRef = room ?? { devId: '', type: 'htr', addr: 0 };
  const settings = useRoomComfort(ref);
  const decisions = useDecisions(ref);
  const summary = useComfortSummary(homeId, room !== undefined);
  const w: Wording = { t, locale: i18n.language, timeZone, units };
  const preheating = summary.data?.rooms.find((r) => r.room === roomId(ref))?.preheating ?? null;
  const title = name ? t('comfort.roomTitle', { name }) : t('comfort.title');
  const back = room ? routes.node(homeId, room.devId, room.type, room.addr) : '/';

  let content;
  if (!room || (homes.isSuccess && !home)) {
    content = <p role="alert">{t('comfort.roomNotFound')}</p>;
  } else if (settings.isError) {
    content = (
      <LoadFailedPanel
        message={t('comfort.loadFailed')}
        retryLabel={t('comfort.retry')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
        testId="comfort-failed"
      />
    );
  } else if (settings.data) {
    const lines = decisionLines(w, decisions.data?.decisions ?? []);
    content = (
      <>
        <ComfortNoticeView
          room={room}
          timeZone={timeZone}
          units={units}
          state={{ holdUntil: instantMs(settings.data.window_hold_until), preheating }}
        />
        <Switches room={room} settings={settings.data} owner={home?.owner === true} />
        <section className="comfort-section" aria-labelledby="comfort-learned">
          <h2 id="comfort-learned">{t('comfort.learnedHeading')}</h2>
          <p data-testid="comfort-learned-text">{learnedWords(w, settings.data.learned)}</p>
        </section>
        <section className="comfort-section" aria-labelledby="comfort-decisions">
          <h2 id="comfort-decisions">{t('comfort.decisionsHeading')}</h2>
          {decisions.isError && <p role="alert">{t('comfort.decisionsFailed')}</p>}
          {decisions.isSuccess && lines.length === 0 && <p>{t('comfort.noDecisions')}</p>}
          {lines.length > 0 && (
            <ul className="comfort-decisions" data-testid="comfort-decisions">
              {lines.map((line) => (
                <li key={line.key}>
                  {line.at !== undefined && (
                    <time dateTime={new Date(line.at).toISOString()}>{dayAndTime(w, line.at)}</time>
                  )}
                  <span>{line.text}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <p>
          <Link to={routes.holidays(homeId)}>{t('comfort.holidaysLink')}</Link>
        </p>
      </>
    );
  } else {
    content = <p role="status">{t('comfort.loading')}</p>;
  }
  return (
    <PageFrame title={title} backLabel={t('comfort.back')} backTo={back}>
      {home && <DeviceSockets devIds={home.devs.map((d) => d.dev_id)} />}
      <div className="comfort-page">{content}</div>
    </PageFrame>
  );
}
