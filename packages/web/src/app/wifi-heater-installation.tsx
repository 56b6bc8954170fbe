import { useLocation, useParams } from 'react-router-dom';
import { Redirect } from '../lib/ui/redirect';

/** Spec 2 §2: the query parameters the wifi heater's device steps read. */
const PASSED_QUERY = ['nodeType', 'devid'] as const;

/**
 * Spec 2 §2: /homes/{homeId}/addNode/deviceInstallation (query deviceType, nodeType, devid) is
 * the wifi node route. A wifi heater is a gateway of its own: this is the add-device wizard of
 * that home at its first wifi heater step, the node model selection. The route is replaced in
 * history, so going back from the model selection goes back to where the user came from.
 */
export function WifiHeaterInstallation() {
  const { homeId = '' } = useParams();
  const query = new URLSearchParams(useLocation().search);
  const next = new URLSearchParams({ deviceType: query.get('deviceType') ?? 'wifiHtr' });
  for (const key of PASSED_QUERY) {
    const value = query.get(key);
    if (value) next.set(key, value);
  }
  return (
    <Redirect
      to={`/list/homes/${encodeURIComponent(homeId)}/devices/addDevice/deviceModel?${next}`}
    />
  );
}

/**
 * Spec 2 §2: /homes/{homeId}/addNode, the return target of the node model selection, starts
 * adding to the home from its first page, the device choice (query kept).
 */
export function AddNodeStart() {
  const { homeId = '' } = useParams();
  const { search } = useLocation();
  return (
    <Redirect to={`/homes/${encodeURIComponent(homeId)}/addNode/devs/selectDevice${search}`} />
  );
}
