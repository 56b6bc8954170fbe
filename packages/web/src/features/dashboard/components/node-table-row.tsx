import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { parseDecimal } from '@hearth/protocol';
import {
  formatTemperature,
  temperatureLimits,
  type LiveNode,
  type TemperatureLimits,
} from '../../../lib/devices';
import { DataAge } from '../../../lib/socket/data-age';
import { isSelectable } from '../model/dashboard-rules';
import { statusIndicators } from '../model/node-badges';

export type EditField = 'stemp' | 'comf_temp' | 'eco_temp' | 'ice_temp';
export type RowEdits = Partial<Record<EditField, number>>;

interface RowProps {
  node: LiveNode;
  edits: RowEdits;
  timer: boolean;
  /** The set points offered: the node's own unless given (a guest's, narrowed to the scope). */
  limits?: TemperatureLimits | undefined;
  /**
   * Whether the comfort, eco and anti-frost temperatures may be changed: not by a guest
   * (docs/sharing.md), who reads them only. Offered unless said.
   */
  profilesOffered?: boolean;
  /** Since when the row's values are stale (its gateway's); unset while live. */
  staleSince?: number | undefined;
  onEdit: (field: EditField, raw: string) => void;
}

function display(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '–';
}

/** A node's power in whole watts ("1 497 W" in the user's number format); a dash without one. */
function formatPower(value: string | undefined, locale: string, t: TFunction): string {
  const watts = parseDecimal(value);
  if (watts === undefined) return '–';
  const shown = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(watts);
  return t('dashboard.watts', { value: shown });
}

export function TableRow({
  node,
  edits,
  timer,
  limits: given,
  profilesOffered = true,
  staleSince,
  onEdit,
}: RowProps) {
  const { t, i18n } = useTranslation();
  const status = node.status;
  const limits = given ?? temperatureLimits(node);
  const usable = isSelectable(node) && status !== undefined;
  // Spec 3 §2: set temp needs the temperature-control capability (not a timer, not off).
  const stempEditable = usable && !timer && status?.mode !== 'off';

  const input = (field: EditField, label: string, enabled: boolean) => {
    const device = parseDecimal(status?.[field] as string | undefined);
    const value = edits[field] ?? device;
    return (
      <td>
        <input
          type="number"
          className="node-table__input"
          aria-label={`${label} ${node.name}`}
          min={limits.min}
          max={limits.max}
          step={limits.step}
          disabled={!enabled}
          value={value === undefined ? '' : value}
          data-pending={edits[field] !== undefined ? 'true' : undefined}
          onChange={(e) => onEdit(field, e.target.value)}
        />
      </td>
    );
  };

  // Spec 3 §2 table: comfort, eco and ice are disabled when the device marks them not editable
  // (`<key>_editable: false` in its setup, as the schedule's profiles read it).
  const profileEditable = (key: 'comf_temp' | 'eco_temp' | 'ice_temp') =>
    usable && status?.[key] !== undefined && node.setup?.[`${key}_editable`] !== false;
  // A guest reads them: no field is offered that the server would refuse (docs/sharing.md).
  const profile = (key: 'comf_temp' | 'eco_temp' | 'ice_temp', label: string) =>
    profilesOffered ? (
      input(key, label, profileEditable(key))
    ) : (
      <td data-field={key}>{formatTemperature(status?.[key], status?.units, i18n.language)}</td>
    );

  return (
    <tr
      data-testid="node-row"
      data-node-addr={node.addr}
      data-stale={staleSince !== undefined}
      className={staleSince !== undefined ? 'node-table__row--stale' : undefined}
    >
      <th scope="row">
        {node.name}
        {/* Issue 25: values not refreshed for longer than a report interval say how old. */}
        {staleSince !== undefined && <DataAge since={staleSince} className="node-table__age" />}
      </th>
      <td>{node.addr}</td>
      <td>{t(`dashboard.types.${node.type}`)}</td>
      <td>{status?.sync_status ? t(`dashboard.syncStatus.${status.sync_status}`) : '–'}</td>
      <td>{status?.mode ? t(`dashboard.modes.${status.mode}`) : '–'}</td>
      {input('stemp', t('dashboard.table.stemp'), stempEditable)}
      {/* Spec 3 §2: a timer's measured temperature and indicators are hidden. */}
      <td>{timer ? '–' : formatTemperature(status?.mtemp, status?.units, i18n.language)}</td>
      <td>
        {(timer ? [] : statusIndicators(status))
          .map((k) => t(`dashboard.indicators.${k}`))
          .join(', ') || '–'}
      </td>
      <td>{formatPower(status?.power, i18n.language, t)}</td>
      <td>{display(status?.consumption)}</td>
      {profile('comf_temp', t('dashboard.table.comfort'))}
      {profile('eco_temp', t('dashboard.table.eco'))}
      {profile('ice_temp', t('dashboard.table.ice'))}
      <td>{status?.locked === true ? t('dashboard.yes') : t('dashboard.no')}</td>
    </tr>
  );
}
