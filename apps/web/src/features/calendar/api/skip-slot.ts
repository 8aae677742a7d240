import { calendarRoutes } from '@agentcast/contracts/api/calendar-routes';
import { callApi } from '../../../api/call-api.ts';
import { useCalendarChange } from './use-calendar-change.ts';

/** Lets one planned post pass, or plans it again; the slot is named as the calendar names it (`slot_at`). */
export const setSlotSkipped = ({ agentId, slotAt, skipped }: { agentId: string; slotAt: string; skipped: boolean }) =>
  skipped
    ? callApi(calendarRoutes.skipSlot, { params: { id: agentId }, json: { slot_at: slotAt } })
    : callApi(calendarRoutes.unskipSlot, { params: { id: agentId, slot_at: slotAt } });

export const useSetSlotSkipped = () => useCalendarChange(setSlotSkipped);
