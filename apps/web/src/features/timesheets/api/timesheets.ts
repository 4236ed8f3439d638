import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShiftRequest } from '@hcp/contracts';
import * as timesheets from '@hcp/contracts/routes/timesheets';
import { call, endpointKey } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

export function useTimesheetList() {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(timesheets.timesheets, token),
    queryFn: () => call(timesheets.timesheets),
    enabled: !!token,
  });
}

export function useShifts(timesheetId: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(timesheets.shifts, timesheetId, token),
    queryFn: () => call(timesheets.shifts, { params: { timesheetId: timesheetId! } }),
    enabled: !!token && !!timesheetId,
  });
}

export function useShiftTypes(timesheetId: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(timesheets.shiftTypes, timesheetId, token),
    queryFn: () => call(timesheets.shiftTypes, { params: { id: timesheetId! } }),
    enabled: !!token && !!timesheetId,
    staleTime: Infinity,
  });
}

export function useTimesheetMutations() {
  const qc = useQueryClient();
  // Every timesheet answer (lists, shifts, types) is under the area's key.
  const refresh = () => qc.invalidateQueries({ queryKey: [timesheets.timesheets.tags[0]] });
  return {
    save: useMutation({
      mutationFn: (body: CreateShiftRequest) => call(timesheets.saveShift, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (shiftId: number) => call(timesheets.deleteShift, { params: { shiftId }, body: {} }),
      onSuccess: refresh,
    }),
    submit: useMutation({
      mutationFn: (timesheetId: number) => call(timesheets.submitTimesheet, { params: { timesheetId }, body: {} }),
      onSuccess: refresh,
    }),
  };
}
