import {
  COMFORT_HOLIDAYS_MAX,
  COMFORT_ONE_OFFS_MAX,
  comfortSummary,
  scopeWindowProblem,
  holidayInput,
  holidaysAnswer,
  holidayWire,
  oneOffInput,
  oneOffWire,
} from '@hearth/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../errors';
import { currentUser } from '../http/authenticate';
import type { Member, MembersRepository } from '../sharing/members.repository';
import type { ComfortAutomation } from './comfort-automation';
import { presentSummaryRoom } from './comfort.presenter';
import { presentHoliday, presentOneOff, type HolidaysRepository } from './holidays.repository';

/** Hearth's own API, beside the smartbox wire format (docs/wire-contract.md §5). */
export const HOLIDAYS_ROUTE = '/api/hearth/v1/homes/:gid/holidays';
export const ONE_OFFS_ROUTE = '/api/hearth/v1/homes/:gid/one_offs';
export const HOME_COMFORT_ROUTE = '/api/hearth/v1/homes/:gid/comfort';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const gid = z.object({ gid: z.string().max(64) });
const withId = gid.extend({ id: z.string().max(64) });
const security = [{ bearer: [] }];
const WHO =
  "The owner and residents; 403 forbidden for guests, 404 not_found for anyone else, 401 without a token. Wall times are the home's (`time_zone`), without offset.";
const REFUSED =
  'A body that is not exactly the contract (docs/comfort.md) is 400 validation_failed and nothing is stored: a room id not of this home, a return time not after the start or more than 366 days after it, both or neither of `away_c` and `use_day`, an unknown field.';

export function holidaysRoutes(deps: {
  holidays: HolidaysRepository;
  members: MembersRepository;
  automation: Pick<ComfortAutomation, 'forgetEnabled'>;
  now?: () => number;
}): FastifyPluginAsyncZod {
  const { holidays, members, automation } = deps;
  const now = deps.now ?? (() => Date.now());

  /** The caller's rights on the home; 404 for strangers and for guests outside their window. */
  async function memberOf(request: FastifyRequest, groupId: string): Promise<Member> {
    const user = currentUser(request);
    const member = UUID.test(groupId) ? await members.ofHome(user.userId, groupId) : undefined;
    if (!member) throw errors.missing('home');
    if (member.role === 'guest' && scopeWindowProblem(member.scope, now(), member.timeZone))
      throw errors.missing('home');
    return member;
  }
  async function planner(request: FastifyRequest, groupId: string): Promise<Member> {
    const member = await memberOf(request, groupId);
    if (member.role === 'guest')
      throw errors.forbidden("Only the home's owner and residents plan its holidays");
    return member;
  }

  return async (app) => {
    app.get(
      HOLIDAYS_ROUTE,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: gid,
          summary: "A home's holidays and one-off days (ours)",
          description: `Holidays replace the weekly programme from \`from\` to the return time \`to\` (an away temperature \`away_c\` or weekday \`use_day\`'s programme, 0 = Sunday), for \`rooms\` or the whole home (null); one-off days run weekday \`use_day\`'s programme on \`date\`. Oldest first. ${WHO}`,
          response: { 200: holidaysAnswer },
        },
      },
      async (request) => {
        const member = await planner(request, request.params.gid);
        const { holidays: h, oneOffs } = await holidays.list(member.groupId);
        return {
          time_zone: member.timeZone,
          holidays: h.map(presentHoliday),
          one_offs: oneOffs.map(presentOneOff),
        };
      },
    );

    app.post(
      HOLIDAYS_ROUTE,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: gid,
          body: holidayInput,
          summary: 'Adds a holiday (ours)',
          description: `At most ${COMFORT_HOLIDAYS_MAX} per home (400 beyond). ${REFUSED} ${WHO} Answers 201 with the holiday and its \`id\`.`,
          response: { 201: holidayWire },
        },
      },
      async (request, reply) => {
        const member = await planner(request, request.params.gid);
        const row = await holidays.addHoliday(member.groupId, request.body);
        automation.forgetEnabled();
        return reply.code(201).send(presentHoliday(row));
      },
    );

    app.put(
      `${HOLIDAYS_ROUTE}/:id`,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: withId,
          body: holidayInput,
          summary: 'Replaces a holiday (ours)',
          description: `404 not_found when the home has no holiday of that id. ${REFUSED} ${WHO}`,
          response: { 200: holidayWire },
        },
      },
      async (request) => {
        const member = await planner(request, request.params.gid);
        const row = await holidays.putHoliday(member.groupId, request.params.id, request.body);
        if (!row) throw errors.notFound('Holiday not found');
        automation.forgetEnabled();
        return presentHoliday(row);
      },
    );

    app.delete(
      `${HOLIDAYS_ROUTE}/:id`,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: withId,
          summary: 'Deletes a holiday (ours)',
          description: `A holiday under way ends at the room's next report: the room goes back to its programme. 404 not_found when the home has no holiday of that id. ${WHO}`,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const member = await planner(request, request.params.gid);
        if (!(await holidays.removeHoliday(member.groupId, request.params.id)))
          throw errors.notFound('Holiday not found');
        automation.forgetEnabled();
        return reply.code(204).send(null);
      },
    );

    app.post(
      ONE_OFFS_ROUTE,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: gid,
          body: oneOffInput,
          summary: 'Adds a one-off day (ours)',
          description: `\`{date, use_day, rooms}\`: on \`date\` the rooms (null: the whole home) run weekday \`use_day\`'s programme ("Tuesday is a holiday: use Sunday"). At most ${COMFORT_ONE_OFFS_MAX} per home (400 beyond); a room id not of this home, an unreal date or an unknown field is 400 and nothing is stored. ${WHO} Answers 201 with its \`id\`.`,
          response: { 201: oneOffWire },
        },
      },
      async (request, reply) => {
        const member = await planner(request, request.params.gid);
        const row = await holidays.addOneOff(member.groupId, request.body);
        automation.forgetEnabled();
        return reply.code(201).send(presentOneOff(row));
      },
    );

    app.delete(
      `${ONE_OFFS_ROUTE}/:id`,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: withId,
          summary: 'Deletes a one-off day (ours)',
          description: `404 not_found when the home has no one-off day of that id. ${WHO}`,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const member = await planner(request, request.params.gid);
        if (!(await holidays.removeOneOff(member.groupId, request.params.id)))
          throw errors.notFound('One-off day not found');
        automation.forgetEnabled();
        return reply.code(204).send(null);
      },
    );

    app.get(
      HOME_COMFORT_ROUTE,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: gid,
          summary: "The comfort state of a home's rooms (ours)",
          description:
            "Per room (`<dev_id>/<type>/<addr>`: heaters, storage heaters, thermostats): whether optimum start and window detection are on, while a window holds it at anti-frost the hold's latest end (`window_hold_until`, ms), and while optimum start warms it ahead of the programme `preheating` (`since` and `by` in ms, `target_c`). Everyone the home is shared with; a guest sees only the rooms of their scope. 404 not_found for anyone else.",
          response: { 200: comfortSummary },
        },
      },
      async (request) => {
        const member = await memberOf(request, request.params.gid);
        const shared = member.role === 'guest' ? member.scope.nodes : undefined;
        const rows = await holidays.roomsOfHome(member.groupId);
        const t = now();
        return {
          rooms: rows
            .filter(
              (r) =>
                !shared ||
                shared.some((n) => n.devId === r.devId && n.type === r.type && n.addr === r.addr),
            )
            .map((r) => presentSummaryRoom(r, t)),
        };
      },
    );
  };
}
