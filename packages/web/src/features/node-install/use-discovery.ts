import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GroupedHome, NodeType } from '@hearth/protocol';
import { nodeKey, nodesQueryOptions, useHomeDevices, type LiveNode } from '../../lib/devices';
import { HttpError, needsOwnMessage, reportRefusal } from '../../lib/http';
import { setDiscovery } from './api/discovery-api';
import { discoveryType, endsAfterFirstFind } from './model/discovery-rules';

/** Node lists are re-read this often while discovery runs, besides the realtime updates. */
const NODES_POLL_MS = 2_000;

/**
 * Spec 2 §8: failing to stop discovery is the user-request error. The HTTP layer tells every
 * failure but a refusal (by the server's error code), left to the caller and told here.
 */
function stopDiscovery(devId: string): Promise<void> {
  return setDiscovery(devId, false).then(
    () => undefined,
    (err: unknown) => {
      if (!(err instanceof HttpError)) throw err;
      reportRefusal(err, 'userRequest');
    },
  );
}

export type DiscoveryPhase = 'starting' | 'active' | 'ended' | 'failed';

/**
 * Spec 2 §4 "Node discovery": started on entry; every newly installed node counts as found;
 * it ends when the device reports discovery off, after the first find for a specific address or
 * a power monitor, or when the user leaves (Done or Back).
 */
export function useDiscovery(
  home: GroupedHome | undefined,
  devId: string,
  type: NodeType,
  addr?: number,
  /** False while the home and device are not known to be the user's: nothing is started. */
  enabled = true,
) {
  const single = useMemo(
    () => (home ? { ...home, devs: home.devs.filter((d) => d.dev_id === devId) } : undefined),
    [home, devId],
  );
  const [phase, setPhase] = useState<DiscoveryPhase>('starting');
  // A failed start the global error toast has told (spec 1 §8) needs no line of the screen's own.
  const [failureTold, setFailureTold] = useState(false);
  const device = useHomeDevices(single)[0];
  const nodes = useQuery({
    ...nodesQueryOptions(devId),
    refetchInterval: phase === 'active' ? NODES_POLL_MS : false,
  });
  const baseline = useRef<Set<string> | null>(null);
  const sawOn = useRef(false);
  const targetGone = useRef(false);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const installed = (device?.nodes ?? []).filter((n) => n.installed);
  const listed = nodes.isSuccess && device !== undefined;
  // A replacement: the erased node may still read installed when the screen opens (the
  // gateway has not reported the erase yet). The node at that address counts as found only
  // once it has been seen gone and is installed again.
  if (addr !== undefined && listed && !installed.some((n) => n.addr === addr))
    targetGone.current = true;
  if (baseline.current === null && listed)
    baseline.current = new Set(installed.filter((n) => n.addr !== addr).map(nodeKey));
  const found: LiveNode[] = baseline.current
    ? installed.filter(
        (n) => !baseline.current?.has(nodeKey(n)) && (n.addr !== addr || targetGone.current),
      )
    : [];

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setDiscovery(devId, true, discoveryType(type), addr).then(
      () => !cancelled && setPhase('active'),
      (err: unknown) => {
        if (!(err instanceof HttpError)) throw err;
        if (cancelled) return;
        setFailureTold(!needsOwnMessage(err));
        setPhase('failed');
      },
    );
    return () => {
      cancelled = true;
      // Leaving the screen ends a discovery that is still running.
      if (phaseRef.current === 'active' || phaseRef.current === 'starting')
        void stopDiscovery(devId);
    };
  }, [devId, type, addr, enabled]);

  const reported = device?.live?.discovery?.discovery;
  useEffect(() => {
    if (phase !== 'active') return;
    if (reported === 'on') sawOn.current = true;
    if (reported === 'off' && sawOn.current) setPhase('ended');
  }, [reported, phase]);

  const foundCount = found.length;
  useEffect(() => {
    if (phase === 'active' && foundCount > 0 && endsAfterFirstFind(type, addr)) {
      setPhase('ended');
      void stopDiscovery(devId);
    }
  }, [foundCount, phase, type, addr, devId]);

  const stop = async () => {
    if (phaseRef.current === 'active' || phaseRef.current === 'starting') {
      setPhase('ended');
      await stopDiscovery(devId);
    }
  };

  return { phase, failureTold, found, stop, device };
}
