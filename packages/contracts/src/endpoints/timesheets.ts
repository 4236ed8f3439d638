import { z } from 'zod';
import { okSchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  createShiftResponseSchema,
  createShiftSchema,
  idParamSchema,
  shiftIdParamSchema,
  shiftListSchema,
  shiftTypeListSchema,
  submitTimesheetResponseSchema,
  timesheetIdParamSchema,
  timesheetListSchema,
} from '../timesheets.ts';

export const timesheets = defineEndpoint({
  method: 'GET',
  path: '/core/api/Timesheets/getList',
  operationId: 'timesheets',
  summary: "The clinician's contracts with their pay periods",
  tags: ['timesheets'],
  access: 'clinician',
  featureFlag: 'Timesheets_IsEnabled',
  responses: { 200: timesheetListSchema },
});

export const shifts = defineEndpoint({
  method: 'GET',
  path: '/core/api/Timesheets/getShiftList/:timesheetId',
  operationId: 'shifts',
  summary: 'The shifts of a pay period',
  tags: ['timesheets'],
  access: 'clinician',
  featureFlag: 'Timesheets_IsEnabled',
  params: timesheetIdParamSchema,
  responses: { 200: shiftListSchema },
  errors: { 404: ['not_found'] },
});

export const shiftTypes = defineEndpoint({
  method: 'GET',
  path: '/core/api/Timesheets/getShiftTypesForTimesheetId/:id',
  operationId: 'shiftTypes',
  summary: 'The shift types of a pay period',
  tags: ['timesheets'],
  access: 'clinician',
  featureFlag: 'Timesheets_IsEnabled',
  params: idParamSchema,
  responses: { 200: shiftTypeListSchema },
  errors: { 404: ['not_found'] },
});

export const saveShift = defineEndpoint({
  method: 'POST',
  path: '/core/api/Timesheets/createShift',
  operationId: 'saveShift',
  summary: 'Add or change a shift of an open pay period',
  tags: ['timesheets'],
  access: 'clinician',
  featureFlag: 'Timesheets_IsEnabled',
  body: createShiftSchema,
  responses: { 200: createShiftResponseSchema },
  errors: {
    404: ['not_found'],
    409: ['pay_period_locked'],
    422: [
      'invalid_shift_type',
      'shift_outside_period',
      'shift_in_future',
      'start_time_required',
      'end_time_required',
      'start_time_date',
      'end_before_start',
      'shift_too_long',
      'lunch_too_long',
      'lunch_required',
      'shift_overlap',
    ],
  },
});

export const deleteShift = defineEndpoint({
  method: 'POST',
  path: '/core/api/Timesheets/deleteShift/:shiftId',
  operationId: 'deleteShift',
  summary: 'Delete a shift of an open pay period',
  tags: ['timesheets'],
  access: 'clinician',
  featureFlag: 'Timesheets_IsEnabled',
  params: shiftIdParamSchema,
  body: z.unknown().optional(),
  responses: { 200: okSchema },
  errors: { 404: ['not_found'], 409: ['pay_period_locked'] },
});

export const submitTimesheet = defineEndpoint({
  method: 'POST',
  path: '/core/api/Timesheets/submitTimesheet/:timesheetId',
  operationId: 'submitTimesheet',
  summary: 'Submit the time of a pay period',
  tags: ['timesheets'],
  access: 'clinician',
  featureFlag: 'Timesheets_IsEnabled',
  params: timesheetIdParamSchema,
  body: z.unknown().optional(),
  responses: { 200: submitTimesheetResponseSchema },
  errors: { 404: ['not_found'], 409: ['pay_period_locked', 'pay_period_submitted'] },
});
