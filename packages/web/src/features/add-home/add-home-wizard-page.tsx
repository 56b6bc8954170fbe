import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Redirect } from '../../lib/ui/redirect';
import { useQueryClient } from '@tanstack/react-query';
import { DEMO_DETECTION_MS, DEMO_DEVICE_ID, isValidDevId } from '@hearth/protocol';
import { apiOrigin } from '../../lib/config';
import { homesQueryOptions, routes, useHomes } from '../../lib/devices';
import { useDeviceTypes } from '../../lib/home-data';
import { http } from '../../lib/http';
import { PageFrame } from '../../lib/screens';
import { useSessionStore } from '../../lib/session/session-store';
import { registrationApi } from './api/add-home-api';
import { ConnectionHelp } from './components/connection-help';
import { DetectionStep } from './components/detection-step';
import { DeviceDataStep } from './components/device-data-step';
import { DeviceTypeStep } from './components/device-type-step';
import { HomeDataStep } from './components/home-data-step';
import { RegistrationStep, type RegistrationEnd } from './components/registration-step';
import { SuccessStep } from './components/success-step';
import { WifiModelStep } from './components/wifi-model-step';
import { demoDetector, socketDetector, type Detector } from './model/detect-device';
import {
  ADD_HOME_STEPS,
  stepPath,
  wifiConfigurationPath,
  type WizardStep,
} from './model/wizard-routes';
import { useWizardStore } from './model/wizard-store';
import { usePrefillExistingHome } from './use-prefill-existing-home';
import './add-home.css';

const defaultDetector: Detector = socketDetector(apiOrigin(), () => http.getValidToken());
/** Spec 2 §4: in demo mode the sample device is found after 5 s, with no socket. */
const demoDetection: Detector = demoDetector(DEMO_DEVICE_ID, DEMO_DETECTION_MS);

function wizardNumber(step: WizardStep): 1 | 2 | 3 {
  if (step === 'homeData' || step === 'deviceType') return 1;
  const second: WizardStep[] = ['deviceModel', 'deviceDetection', 'deviceConnection'];
  return second.includes(step) ? 2 : 3;
}

/** Spec 2 §2: the query parameters the device steps read, kept from step to step. */
const KEPT_QUERY = ['nodeType', 'deviceType', 'devid'] as const;

function keptQuery(query: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of KEPT_QUERY) {
    const value = query.get(key);
    if (value !== null) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The wifi heater's connection step (spec 2 §4), composed in by app/ from its own feature. */
export type WifiConnectionStep = (props: {
  onDone: (devId: string) => void;
  onConnectionError: () => void;
}) => ReactNode;

/** Spec 2 §2: the add-home wizard (/list/addHome/{step}) and the add-device wizard. */
export function AddHomeWizardPage({
  detect: givenDetect,
  wifiConnection,
}: {
  detect?: Detector;
  wifiConnection?: WifiConnectionStep;
}) {
  const { t } = useTranslation();
  const demo = useSessionStore((s) => s.demo);
  const detect = givenDetect ?? (demo ? demoDetection : defaultDetector);
  const { step: rawStep = 'homeData', homeId = null } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wizard = useWizardStore();
  const homes = useHomes();
  const step = (ADD_HOME_STEPS as readonly string[]).includes(rawStep)
    ? (rawStep as WizardStep)
    : null;
  const query = useMemo(() => new URLSearchParams(search), [search]);
  // Spec 2 §2 with the brand's capabilities; ethernet hidden where the native app lacks it.
  const types = useDeviceTypes();
  const existing = homes.data?.find((h) => h.id === homeId);
  // Checked once per page: Ionic keeps earlier steps mounted, and a finished wizard must not
  // send them back to the start.
  const [lostData] = useState(
    () => homeId === null && rawStep !== 'homeData' && useWizardStore.getState().home.name === '',
  );
  // A visit that starts at the add-device wizard's first step after a finished one is a new
  // device: nothing of the last one (its id, name, serial id) is kept. Runs before the prefill.
  const [startsAfresh] = useState(
    () => homeId !== null && (rawStep === 'deviceDetection' || rawStep === 'deviceModel'),
  );
  useEffect(() => {
    if (startsAfresh && useWizardStore.getState().finished) useWizardStore.getState().reset();
  }, [startsAfresh]);
  usePrefillExistingHome(homeId, existing, query, types);

  // Spec 2 §2: the device id query parameter is used when it is a valid id. Applied again once
  // the home has loaded, after the prefill above has started the wizard afresh for that home.
  useEffect(() => {
    const devid = query.get('devid');
    if (devid && isValidDevId(devid))
      useWizardStore.getState().set({ devId: devid, devIdKnown: true });
  }, [query, existing]);

  const kept = useMemo(() => keptQuery(query), [query]);
  const go = useCallback(
    (next: WizardStep, extra = kept) => navigate(stepPath(homeId, next, extra), { replace: false }),
    [homeId, kept, navigate],
  );
  const afterDetection = useCallback(() => go('deviceData'), [go]);
  const afterConnection = useCallback(
    (devId: string) => {
      useWizardStore.getState().set({ devId, devIdKnown: true });
      go('deviceData');
    },
    [go],
  );
  const onConnectionError = useCallback(() => go('connectionError'), [go]);
  // Spec 2 §2: a wifi heater starts with its model, then is connected (provisioned) where
  // other types are detected.
  const deviceStep = (): WizardStep =>
    useWizardStore.getState().deviceType === 'wifiHtr' ? 'deviceModel' : 'deviceDetection';
  // Spec 2 §2: the type choice is skipped when exactly one type is available.
  const afterHomeData = () => {
    if (types.length > 1) return go('deviceType');
    wizard.set({ deviceType: types[0] ?? 'ethernet' });
    go(deviceStep());
  };

  const finish = async (end: RegistrationEnd) => {
    // The registration is over: the next wizard starts afresh, even if the user leaves this
    // one before its last message (a new home must not reuse this home's id).
    useWizardStore.getState().set({ finished: true });
    if (end === 'connectionError') return go('connectionError');
    // Read afresh: the new gateway is in the list only from now on.
    const list = await queryClient.fetchQuery({ ...homesQueryOptions(), staleTime: 0 });
    const devId = wizard.devId.trim().toLowerCase();
    const index = Math.max(
      0,
      list.findIndex((h) => h.devs.some((d) => d.dev_id.toLowerCase() === devId)),
    );
    if (end === 'alreadyMine') return navigate(routes.dashboard(index), { replace: true });
    // Ruling D6: both wizards end on the success message, which goes to the home's dashboard
    // 3 s later. It takes the registration's place in history: Back does not register again.
    navigate(stepPath(homeId, 'success', `?homeIndex=${index}`), { replace: true });
  };

  // Spec 2 §2: the add-device wizard has no home data or type step (the home exists; the type
  // comes from the query).
  if (step === null || (homeId !== null && (step === 'homeData' || step === 'deviceType')))
    return <Redirect to={stepPath(homeId, homeId ? 'deviceDetection' : 'homeData', kept)} />;
  // Spec 2 §8: a link to a home the user does not have (any more) says so; a guest's home is
  // not theirs to add devices to (owner only, spec 2 §2).
  if (homeId !== null && homes.isSuccess && !existing)
    return (
      <PageFrame title={t('addHome.addDeviceTitle')} backLabel={t('addHome.back')} backTo="/list">
        <p role="status">{t('addHome.homeNotFound')}</p>
      </PageFrame>
    );
  if (homeId !== null && homes.isSuccess && !existing?.owner) return <Redirect to="/" />;
  if (lostData) return <Redirect to={stepPath(null, 'homeData')} />;

  const n = wizardNumber(step);
  const stepTitle =
    n === 2 && wizard.deviceType === 'wifiHtr'
      ? t('addHome.steps.connection')
      : t(`addHome.steps.${n}`);
  const toDashboard = () => navigate('/', { replace: true });
  const wifiHtr = wizard.deviceType === 'wifiHtr';
  const modelStep = step === 'deviceModel' || (step === 'deviceDetection' && wifiHtr);
  // Spec 2 §2: node model selection returns to /homes/{homeId}/addNode; coming from the wifi
  // node route (deviceInstallation, replaced in history) the back button goes back in history.
  const backTo =
    modelStep && homeId ? `/homes/${encodeURIComponent(homeId)}/addNode${kept}` : '/list';
  // Spec 2 §2: the help's wifi configuration link needs the device; a new home's id is the
  // groupData.id the wizard registered it with.
  const helpDevId = wizard.devId.trim();
  const wifiConfigLink = helpDevId
    ? wifiConfigurationPath(homeId ?? wizard.groupId, helpDevId)
    : undefined;

  return (
    <PageFrame
      title={homeId ? t('addHome.addDeviceTitle') : t('addHome.title')}
      backLabel={t('addHome.back')}
      backTo={backTo}
    >
      <p className="wizard-step" data-testid="wizard-step">
        {t('addHome.stepOf', { n: homeId ? Math.max(1, n - 1) : n, total: homeId ? 2 : 3 })}:{' '}
        {stepTitle}
      </p>
      {step === 'homeData' && <HomeDataStep onNext={afterHomeData} />}
      {step === 'deviceType' && <DeviceTypeStep types={types} onNext={() => go(deviceStep())} />}
      {step === 'deviceDetection' && !wifiHtr && (
        <DetectionStep detect={detect} onNext={afterDetection} />
      )}
      {modelStep && <WifiModelStep onNext={() => go('deviceConnection')} />}
      {step === 'deviceConnection' &&
        wifiConnection?.({ onDone: afterConnection, onConnectionError })}
      {step === 'deviceData' && <DeviceDataStep onNext={() => go('deviceRegistration')} />}
      {step === 'deviceRegistration' && (
        <RegistrationStep
          devId={wizard.devId}
          api={registrationApi(wizard)}
          onEnd={(end) => void finish(end)}
          onAccept={toDashboard}
        />
      )}
      {step === 'success' && <SuccessStep homeIndex={Number(query.get('homeIndex') ?? 0)} />}
      {step === 'connectionError' && (
        <ConnectionHelp
          type={wizard.deviceType}
          wifiConfigLink={wifiConfigLink}
          onAccept={toDashboard}
        />
      )}
    </PageFrame>
  );
}
