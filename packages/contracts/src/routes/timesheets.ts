// Generated from ../endpoints/timesheets.ts by scripts/generate-routes.ts: do not edit. The routes of the area's
// endpoints without their schemas, for the web's client; each is typed against its definition.
import type { Route } from '../endpoint.ts';
import type * as endpoints from '../endpoints/timesheets.ts';

export const deleteShift: Route<typeof endpoints.deleteShift> = {
  method: 'POST',
  path: '/core/api/Timesheets/deleteShift/:shiftId',
  operationId: 'deleteShift',
  tags: ['timesheets'],
  access: 'clinician',
  answer: 'json',
};
export const saveShift: Route<typeof endpoints.saveShift> = {
  method: 'POST',
  path: '/core/api/Timesheets/createShift',
  operationId: 'saveShift',
  tags: ['timesheets'],
  access: 'clinician',
  answer: 'json',
};
export const shiftTypes: Route<typeof endpoints.shiftTypes> = {
  method: 'GET',
  path: '/core/api/Timesheets/getShiftTypesForTimesheetId/:id',
  operationId: 'shiftTypes',
  tags: ['timesheets'],
  access: 'clinician',
  answer: 'json',
};
export const shifts: Route<typeof endpoints.shifts> = {
  method: 'GET',
  path: '/core/api/Timesheets/getShiftList/:timesheetId',
  operationId: 'shifts',
  tags: ['timesheets'],
  access: 'clinician',
  answer: 'json',
};
export const submitTimesheet: Route<typeof endpoints.submitTimesheet> = {
  method: 'POST',
  path: '/core/api/Timesheets/submitTimesheet/:timesheetId',
  operationId: 'submitTimesheet',
  tags: ['timesheets'],
  access: 'clinician',
  answer: 'json',
};
export const timesheets: Route<typeof endpoints.timesheets> = {
  method: 'GET',
  path: '/core/api/Timesheets/getList',
  operationId: 'timesheets',
  tags: ['timesheets'],
  access: 'clinician',
  answer: 'json',
};
