import { useParams } from 'react-router-dom';
import { Redirect } from '../../lib/ui/redirect';
import { homeRoutes } from './model/home-routes';

/** Spec 2 §2: /homes/{homeId}/settings opens the home's data in the home details. */
export function HomeSettingsRedirect() {
  const { homeId = '' } = useParams();
  return <Redirect to={homeRoutes.details(homeId, 'data')} />;
}
