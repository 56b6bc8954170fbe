import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TABLE_EDIT_DEBOUNCE_MS,
  clampTemperature,
  isTimerNode,
  parseDecimal,
  roundToStep,
} from '@hearth/protocol';
import {
  postStatus,
  temperatureLimits,
  type HomeDevice,
  type LiveNode,
  type TemperatureLimits,
} from '../../../lib/devices';
import { reportRefusal } from '../../../lib/http';
import { guestScope, scopedLimits, type MyAccess } from '../../../lib/sharing';
import { useStaleSince } from '../../../lib/socket/data-age';
import { createEditBuffer } from '../model/edit-buffer';
import { TableRow, type EditField, type RowEdits } from './node-table-row';
import './stale-values.css';

interface Edit {
  devId: string;
  node: LiveNode;
  field: EditField;
  value: number;
  /** The set points offered when it was typed: the node's own, a guest's within the scope. */
  limits: TemperatureLimits;
  /** What the device said when the edit began: a different report replaces the edit. */
  base: string | undefined;
}

/** A gateway's rows, told since when its values are stale (issue 25), as its cards are. */
function DeviceRows({
  devId,
  children,
}: {
  devId: string;
  children: (staleSince: number | undefined) => ReactNode;
}) {
  return children(useStaleSince(devId));
}

/** Spec 1 §2 table view, with inline edits sent 4 s after the last keystroke. */
export function NodeTable({
  devices,
  nodesOf,
  access,
}: {
  devices: readonly HomeDevice[];
  /** The heaters of a device in the home's sort order (a guest's: the rooms of the scope). */
  nodesOf: (device: HomeDevice) => LiveNode[];
  /**
   * The caller's rights (docs/sharing.md): a guest is offered set points within the scope and
   * not the comfort, eco and anti-frost temperatures, which only the owner and residents write.
   */
  access?: MyAccess | undefined;
}) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<Record<string, Edit>>({});
  const buffer = useRef<ReturnType<typeof createEditBuffer<Edit>> | null>(null);
  if (buffer.current === null) {
    buffer.current = createEditBuffer<Edit>((key, typed) => {
      // Spec 3 §2, §5: what is sent is on the node's step and within its min and max (a
      // guest's: within the scope's).
      const { limits } = typed;
      const value = clampTemperature(roundToStep(typed.value, limits.step), limits.min, limits.max);
      const edit = { ...typed, value };
      setLocal((prev) => (prev[key] === typed ? { ...prev, [key]: edit } : prev));
      void postStatus(
        { devId: edit.devId, type: edit.node.type, addr: edit.node.addr },
        { [edit.field]: value, units: limits.units },
      ).catch((error: unknown) => {
        // Refused: the device's own value shows again, unless something newer was typed.
        setLocal((prev) => {
          if (prev[key] !== edit) return prev;
          const { [key]: _refused, ...rest } = prev;
          return rest;
        });
        // Other failures already reached the global toast (HTTP layer); a refusal (by error code)
        // is ours to tell (spec 3 §8).
        reportRefusal(error, 'userRequest');
      });
    }, TABLE_EDIT_DEBOUNCE_MS);
  }
  useEffect(() => () => buffer.current?.flush(), []);

  // A newer report from the device supersedes what was typed.
  useEffect(() => {
    setLocal((prev) => {
      let changed = false;
      const next: Record<string, Edit> = {};
      for (const [key, edit] of Object.entries(prev)) {
        const device = devices.find((d) => d.dev.dev_id === edit.devId);
        const node = device?.nodes.find(
          (n) => n.type === edit.node.type && n.addr === edit.node.addr,
        );
        const now = node?.status?.[edit.field] as string | undefined;
        if (now !== edit.base) changed = true;
        else next[key] = edit;
      }
      return changed ? next : prev;
    });
  }, [devices]);

  const onEdit = (devId: string, node: LiveNode, field: EditField, raw: string) => {
    const value = parseDecimal(raw);
    if (value === undefined) return;
    const key = `${devId}:${node.type}:${node.addr}:${field}`;
    const edit: Edit = {
      devId,
      node,
      field,
      value,
      limits: scopedLimits(temperatureLimits(node), access),
      base: local[key]?.base ?? (node.status?.[field] as string | undefined),
    };
    setLocal((prev) => ({ ...prev, [key]: edit }));
    buffer.current?.edit(key, edit);
  };

  const guest = guestScope(access) !== undefined;
  const rows = devices.map((device) => (
    <DeviceRows key={device.dev.dev_id} devId={device.dev.dev_id}>
      {(staleSince) =>
        nodesOf(device).map((node) => {
          const prefix = `${device.dev.dev_id}:${node.type}:${node.addr}:`;
          const edits: RowEdits = {};
          for (const field of ['stemp', 'comf_temp', 'eco_temp', 'ice_temp'] as const) {
            const e = local[prefix + field];
            if (e) edits[field] = e.value;
          }
          return (
            <TableRow
              key={prefix}
              node={node}
              edits={edits}
              timer={isTimerNode(node)}
              limits={scopedLimits(temperatureLimits(node), access)}
              profilesOffered={!guest}
              staleSince={staleSince}
              onEdit={(field, raw) => onEdit(device.dev.dev_id, node, field, raw)}
            />
          );
        })
      }
    </DeviceRows>
  ));

  return (
    <div className="node-table-wrap">
      <table className="node-table" data-testid="node-table">
        <caption className="visually-hidden">{t('dashboard.table.caption')}</caption>
        <thead>
          <tr>
            {(
              [
                'name',
                'addr',
                'type',
                'sync',
                'mode',
                'stemp',
                'mtemp',
                'active',
                'power',
                'consumption',
                'comfort',
                'eco',
                'ice',
                'locked',
              ] as const
            ).map((c) => (
              <th key={c} scope="col">
                {t(`dashboard.table.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
