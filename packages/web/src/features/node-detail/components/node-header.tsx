import { IonIcon } from '@ionic/react';
import { airplane } from 'ionicons/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NODE_CAROUSEL_MAX_NODES } from '@hearth/protocol';
import { routes, useHomeClock } from '../../../lib/devices';
import { truncateName } from '../model/node-capabilities';

export interface HeaderNode {
  devId: string;
  type: 'htr' | 'acm' | 'thm';
  addr: number;
  name: string;
}

interface NodeHeaderProps {
  homeId: string;
  homeName: string;
  nodes: readonly HeaderNode[];
  current: HeaderNode;
  away: boolean;
  timeZone: string | undefined;
}

const same = (a: HeaderNode, b: HeaderNode) =>
  a.devId === b.devId && a.type === b.type && a.addr === b.addr;

/** Spec 3 §2 node header: node carousel (≤ 10) or dropdown, home name, clock, away flag. */
export function NodeHeader({ homeId, homeName, nodes, current, away, timeZone }: NodeHeaderProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const clock = useHomeClock(i18n.language, timeZone);
  // Switching node replaces the route, so Back returns to the dashboard (spec 3 §2).
  const open = (n: HeaderNode) =>
    navigate(routes.node(homeId, n.devId, n.type, n.addr), { replace: true });

  return (
    <header className="node-header">
      {nodes.length <= NODE_CAROUSEL_MAX_NODES ? (
        <nav className="node-carousel" aria-label={t('nodeDetail.nodes')}>
          {nodes.map((n) => {
            const shown = truncateName(n.name);
            return (
              <button
                key={`${n.devId}:${n.type}:${n.addr}`}
                type="button"
                className={`node-carousel__item${same(n, current) ? ' node-carousel__item--active' : ''}`}
                aria-current={same(n, current) ? 'page' : undefined}
                // A cut name is shown; screen readers get the whole one, as the tooltip does.
                aria-label={shown.endsWith('…') ? n.name.trim() : undefined}
                title={n.name}
                onClick={() => !same(n, current) && open(n)}
              >
                {shown}
              </button>
            );
          })}
        </nav>
      ) : (
        <select
          className="node-header__select"
          aria-label={t('nodeDetail.nodes')}
          value={nodes.findIndex((n) => same(n, current))}
          onChange={(e) => {
            const n = nodes[Number(e.target.value)];
            if (n) open(n);
          }}
        >
          {nodes.map((n, i) => (
            <option key={`${n.devId}:${n.type}:${n.addr}`} value={i}>
              {truncateName(n.name)}
            </option>
          ))}
        </select>
      )}
      <h1 className="node-header__name" data-testid="node-name">
        {truncateName(current.name)}
      </h1>
      <p className="node-header__home">
        <span>{homeName}</span>
        {away && <IonIcon icon={airplane} role="img" aria-label={t('nodeDetail.away')} />}
      </p>
      <p className="node-header__clock" data-testid="node-clock">
        {clock}
      </p>
    </header>
  );
}
