import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../protocol/errorCodes';
import type { Flags } from '../../../protocol/flags';
import { getFlagsInput, isMaintenanceInput } from '../../../protocol/maintenance.schema';
import type { Deps } from '../../deps';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { addRouteHook } from '../../http/routeHook';
import { ttlCache } from '../../shared/ttlCache';
import { getFlags, getMaintenance, type MaintenanceState } from './settings';
import type { MaintenanceTables } from './tables';

const defineAction = actionDefiner<MaintenanceTables>();

/**
 * isMaintenance and getFlags are asked on every page load by every member: their answers are
 * remembered for config.settingsCacheMs (1 s), so an operator's change shows within a second.
 */
export function maintenanceState(deps: Deps<MaintenanceTables>) {
  return ttlCache<MaintenanceState>(() => getMaintenance(deps.db), deps.config.settingsCacheMs);
}

const ACTIONS_ROUTE = '/api/:service/:action';

/** What stays open while maintenance is on: the settings every page load reads. */
const OPEN_IN_MAINTENANCE = new Set(['portal/isMaintenance', 'portal/getFlags']);

/**
 * While maintenance is on, every other action answers MAINTENANCE (an open tab learns of it on its next
 * call and goes to /maintenance). Registered before the actions' route, so its hook applies to it.
 */
export function maintenanceGate(
  app: FastifyInstance,
  maintenance: { peek(): MaintenanceState | undefined; get(): Promise<MaintenanceState> },
): void {
  // A hook of the actions' route only (registered before it); synchronous while the remembered
  // state is fresh: it runs before every action.
  addRouteHook(app, ACTIONS_ROUTE, 'preHandler', gate);
  function gate(req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    const { service, action } = req.params as { service: string; action: string };
    if (OPEN_IN_MAINTENANCE.has(`${service}/${action}`)) {
      done();
      return;
    }
    const known = maintenance.peek();
    if (known) decide(known, reply, done);
    else maintenance.get().then((state) => decide(state, reply, done), done);
  }
  function decide(state: MaintenanceState, reply: FastifyReply, done: () => void): void {
    if (state.bMaintenance) reply.send(fail(ErrorCode.MAINTENANCE));
    else done();
  }
}

/** The flags, remembered like the maintenance state. */
export function flagsState(deps: Deps<MaintenanceTables>) {
  return ttlCache<Flags>(() => getFlags(deps.db), deps.config.settingsCacheMs);
}

export function maintenanceActions(
  deps: Deps<MaintenanceTables>,
  maintenance = maintenanceState(deps),
  flags = flagsState(deps),
): ActionDef[] {
  return [
    defineAction({
      service: 'portal',
      name: 'isMaintenance',
      input: isMaintenanceInput,
      auth: 'public',
      uncounted: true,
      async handler() {
        const state = maintenance.peek() ?? (await maintenance.get());
        return { iErrorCode: 0, bMaintenance: state.bMaintenance, sMessage: state.sMessage };
      },
    }),
    defineAction({
      service: 'portal',
      name: 'getFlags',
      input: getFlagsInput,
      auth: 'public',
      uncounted: true,
      async handler() {
        return {
          iErrorCode: 0,
          pFlags: flags.peek() ?? (await flags.get()),
          sSupportEmail: deps.config.supportEmail,
        };
      },
    }),
  ];
}
