import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShiftRequest, Shift, ShiftType, TimesheetContract } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

export function useTimesheetList() {
  const { token } = useAuth();
  return useQuery({ queryKey: ['timesheets', 'list', token], queryFn: () => apiJson<TimesheetContract[]>('Timesheets/getList'), enabled: !!token });
}

export function useShifts(timesheetId: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['timesheets', 'shifts', timesheetId, token],
    queryFn: () => apiJson<Shift[]>(`Timesheets/getShiftList/${timesheetId}`),
    enabled: !!token && !!timesheetId,
  });
}

export function useShiftTypes(timesheetId: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['timesheets', 'types', timesheetId, token],
    queryFn: () => apiJson<ShiftType[]>(`Timesheets/getShiftTypesForTimesheetId/${timesheetId}`),
    enabled: !!token && !!timesheetId,
    staleTime: Infinity,
  });
}

export function useTimesheetMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['timesheets'] });
  return {
    save: useMutation({
      mutationFn: (body: CreateShiftRequest) => apiJson<{ shiftId: number }>('Timesheets/createShift', { method: 'POST', json: body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (shiftId: number) => apiJson<{ ok: boolean }>(`Timesheets/deleteShift/${shiftId}`, { method: 'POST', json: {} }),
      onSuccess: refresh,
    }),
    submit: useMutation({
      mutationFn: (timesheetId: number) => apiJson<{ submittedDate: string }>(`Timesheets/submitTimesheet/${timesheetId}`, { method: 'POST', json: {} }),
      onSuccess: refresh,
    }),
  };
}
