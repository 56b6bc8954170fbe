import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { isWifiHeaterProduct, parseNodeType } from '@hearth/protocol';
import { useHomeDevices, useHomes, usePmoSystem } from '../../lib/devices';
import { useAdminMode } from '../../lib/session/admin-mode';
import { postSelect, useNodeData, type NodeRef } from './api/node-config-api';
import { selectsOnEntry } from './model/config-rules';
import { initialValues, type NodeConfigContext, type Values } from './model/settings-model';

/** Loads what the node configuration page needs and keeps the edited values. */
export function useNodeConfig() {
  const { homeId = '', devId = '', nodeType = '', addr: rawAddr = '' } = useParams();
  const adminMode = useAdminMode();
  const type = parseNodeType(nodeType) ?? 'htr';
  const addr = Number(rawAddr);
  const ref: NodeRef = useMemo(() => ({ devId, type, addr }), [devId, type, addr]);
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const single = useMemo(
    () => (home ? { ...home, devs: home.devs.filter((d) => d.dev_id === devId) } : undefined),
    [home, devId],
  );
  const device = useHomeDevices(single)[0];
  // Only a node of a device of the home is read: another answers "Dev not found" (spec 3 §8),
  // not an error toast as well.
  const ofHome = home?.devs.some((d) => d.dev_id === devId) === true;
  const data = useNodeData(ref, ofHome);
  const listed = device?.nodes.find((n) => n.type === type && n.addr === addr);
  const node = {
    installed: listed?.installed ?? true,
    lost: listed?.lost ?? false,
    type,
    name: listed?.name ?? '',
  };
  const wifiHeater = device ? isWifiHeaterProduct(device.dev.product_id) : false;
  // A power monitor's main circuit comes from the device's power system: the realtime
  // snapshot's, else read here (a page opened directly has no snapshot). Until one is known
  // the toggle is not offered, so that no save writes a main circuit it never read.
  const readPmo = usePmoSystem(devId, type === 'pmo' && ofHome && !device?.live?.pmo_system);
  const pmo = device?.live?.pmo_system ?? readPmo.data;

  const ctx: NodeConfigContext | null =
    data.data && home && device && listed
      ? {
          type,
          addr,
          name: listed.name,
          setup: data.data.setup ?? {},
          locked: data.data.status?.locked === true,
          owner: home.owner,
          adminMode,
          wifiHeater,
          mainCircuit: pmo?.main_circuit_pmos,
          installedPmos: device.nodes
            .filter((n) => n.type === 'pmo' && n.installed)
            .map((n) => n.addr),
        }
      : null;
  // Spec 3 §8 missing lookups: the home, then its device, then the node on that device.
  let missing: 'homeNotFound' | 'devNotFound' | 'nodeNotFound' | undefined;
  if (homes.isSuccess && !home) missing = 'homeNotFound';
  else if (home && !device) missing = 'devNotFound';
  else if (device?.loaded && !listed) missing = 'nodeNotFound';
  const initial = ctx ? initialValues(ctx) : null;
  const [edited, setEdited] = useState<Values | null>(null);
  // The edits over what was read: a setting that appears later (the main circuit, once the
  // power system is read) shows its read value beside the edits made before it came.
  const values = edited && initial ? { ...initial, ...edited } : (edited ?? initial);

  // Spec 3 §4: selected on entry, deselected on leaving unless the node was deleted.
  // A holder object (not a DOM ref) that the delete action flips before the page goes away.
  const [deleted] = useState(() => ({ done: false }));
  // Only once the device's node list says the node is installed and not lost, not on the
  // defaults shown while it loads.
  const shouldSelect = listed !== undefined && selectsOnEntry(listed, device?.connected === true);
  useEffect(() => {
    if (!shouldSelect) return;
    void postSelect(ref, true).catch(() => undefined);
    return () => {
      if (!deleted.done) void postSelect(ref, false).catch(() => undefined);
    };
  }, [shouldSelect, ref, deleted]);

  return {
    homeId,
    ref,
    home,
    device,
    node,
    ctx,
    initial,
    values,
    setEdited,
    deleted,
    wifiHeater,
    pmoSystem: pmo,
    missing,
    loading: missing === undefined && (data.isPending || homes.isPending),
    // Spec 3 §8 node data load failure: the data-update error (the error toast, unless the
    // server refused the read, spec 1 §8), and ruling D13: the page says the settings
    // could not be loaded and offers Retry, with nothing to save.
    failed: missing === undefined && data.isError && !data.data,
    retry: () => void data.refetch(),
    retrying: data.isFetching,
    homeIndex: Math.max(0, homes.data?.findIndex((h) => h.id === homeId) ?? 0),
  };
}
