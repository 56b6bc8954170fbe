import type { CommandRow } from '../repositories/commands.repository';
import { serverVersion } from '../system/version';
import { RECENT_FAILURE_WINDOW_MS, type DiagnosticsRepository } from './diagnostics.repository';
import {
  DIAGNOSTICS_FORMAT,
  DIAGNOSTICS_VERSION,
  type DiagnosticsProblem,
  type HomeDiagnostics,
} from './diagnostics.schema';
import { redact, redactAt, redactGeo } from './redact';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A home's diagnostics (docs/operations.md "Diagnostics"): its gateways, their nodes and what
 * they last reported with its age, commands waiting for a gateway and those it refused lately,
 * the connection state, and a list of problems found in them. Credentials and personal data are
 * left out (redact.ts); nobody's e-mail address is in it, the owner's included. Built alike for
 * the owner's download and the operator's command.
 */
export function createHomeDiagnostics(deps: {
  repo: DiagnosticsRepository;
  commit: string;
  now?: () => Date;
}) {
  const { repo } = deps;
  const { major, minor, subminor } = serverVersion(deps.commit);
  return {
    /** Undefined when no home has this id. */
    async build(groupId: string): Promise<HomeDiagnostics | undefined> {
      if (!UUID.test(groupId)) return undefined;
      const found = await repo.home(groupId);
      if (!found) return undefined;
      const now = deps.now?.() ?? new Date();
      const ageOf = (at: Date) => Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
      const gateways = await repo.gateways(groupId);
      const devIds = gateways.map((g) => g.devId);
      const since = new Date(now.getTime() - RECENT_FAILURE_WINDOW_MS);
      const [objects, nodeRows, pending, failures] = await Promise.all([
        repo.objects(devIds),
        repo.nodes(devIds),
        Promise.all(devIds.map((d) => repo.pendingCommands(d))),
        Promise.all(devIds.map((d) => repo.recentFailures(d, since))),
      ]);
      const commandOf = (row: CommandRow) => ({
        id: row.id,
        seq: row.seq,
        method: row.method,
        path: row.path,
        body: redactAt(row.path, row.body),
        created_at: row.createdAt.toISOString(),
        age_s: ageOf(row.createdAt),
      });
      const problems: DiagnosticsProblem[] = [];
      const gatewayList = gateways.map((g, i) => {
        const devId = g.devId;
        if (!g.lastSeen) problems.push({ code: 'gateway_never_connected', dev_id: devId });
        else if (!g.connected)
          problems.push({
            code: 'gateway_offline',
            dev_id: devId,
            since: g.lastSeen.toISOString(),
            age_s: ageOf(g.lastSeen),
          });
        const nodes = nodeRows
          .filter((r) => r.node.devId === devId)
          .map(({ node, lastSample }) => {
            if (node.lost)
              problems.push({
                code: 'node_lost',
                dev_id: devId,
                node: { type: node.type, addr: node.addr },
              });
            const t = lastSample === null || Number.isNaN(lastSample) ? null : lastSample;
            return {
              type: node.type,
              addr: node.addr,
              name: node.name,
              installed: node.installed,
              lost: node.lost,
              status: redact(node.status ?? null),
              setup: redact(node.setup ?? null),
              prog: redact(node.prog ?? null),
              version: redact(node.version ?? null),
              last_sample: t === null ? null : { t, age_s: ageOf(new Date(t * 1000)) },
            };
          });
        const waiting = pending[i]?.rows ?? [];
        const waitingCount = pending[i]?.count ?? 0;
        const oldest = waiting[0];
        if (oldest)
          problems.push({
            code: 'commands_waiting',
            dev_id: devId,
            count: waitingCount,
            since: oldest.createdAt.toISOString(),
            age_s: ageOf(oldest.createdAt),
          });
        const failed = failures[i] ?? [];
        const latestFailure = failed[0];
        if (latestFailure)
          problems.push({
            code: 'commands_failed',
            dev_id: devId,
            count: failed.length,
            since: latestFailure.createdAt.toISOString(),
            age_s: ageOf(latestFailure.createdAt),
          });
        return {
          dev_id: devId,
          name: g.name,
          product_id: g.productId,
          serial_id: g.serialId,
          fw_version: g.fwVersion,
          connected: g.connected,
          last_seen: g.lastSeen?.toISOString() ?? null,
          last_seen_age_s: g.lastSeen ? ageOf(g.lastSeen) : null,
          added_at: g.createdAt.toISOString(),
          objects: objects
            .filter((o) => o.devId === devId)
            .map((o) => ({
              path: o.path,
              updated_at: o.updatedAt.toISOString(),
              age_s: ageOf(o.updatedAt),
              body: redactAt(o.path, o.body),
            })),
          nodes,
          pending_commands: {
            count: waitingCount,
            oldest: waiting.map(commandOf),
          },
          recent_failures: failed.map((c) => ({ ...commandOf(c), error: c.error })),
        };
      });
      const { home, guestRows, quiet } = found;
      const geo = redactGeo(home.geoData) as Record<string, unknown>;
      const guestsBy = (pendingFlag: boolean) =>
        guestRows.find((r) => r.pending === pendingFlag)?.n ?? 0;
      return {
        format: DIAGNOSTICS_FORMAT,
        version: DIAGNOSTICS_VERSION,
        generated_at: now.toISOString(),
        server: { version: `${major}.${minor}.${subminor}`, commit: deps.commit },
        home: {
          id: home.id,
          name: home.name,
          created_at: home.createdAt.toISOString(),
          tz_code: text(geo.tz_code),
          country: text(geo.country),
          guests: { accepted: guestsBy(false), pending: guestsBy(true) },
          quiet_home: {
            configured: quiet !== undefined,
            enabled: quiet?.enabled ?? false,
            excluded_nodes: (quiet?.excluded ?? []).reduce((n, e) => n + e.nodes.length, 0),
          },
        },
        problems,
        gateways: gatewayList,
      };
    },
  };
}
export type HomeDiagnosticsBuilder = ReturnType<typeof createHomeDiagnostics>;
