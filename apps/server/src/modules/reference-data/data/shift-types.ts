export interface ShiftType {
  shiftTypeId: number;
  name: string;
  /** Start and end time are required when true. */
  includeShiftTimes: boolean;
  /** Lunch minutes are required when true. */
  includeLunch: boolean;
}

export const shiftTypes: ShiftType[] = [
  { shiftTypeId: 1, name: 'Regular', includeShiftTimes: true, includeLunch: true },
  { shiftTypeId: 2, name: 'On Call', includeShiftTimes: true, includeLunch: false },
  { shiftTypeId: 3, name: 'Call Back', includeShiftTimes: true, includeLunch: false },
  { shiftTypeId: 4, name: 'Orientation', includeShiftTimes: true, includeLunch: true },
  { shiftTypeId: 5, name: 'Charge', includeShiftTimes: true, includeLunch: true },
  { shiftTypeId: 6, name: 'Education', includeShiftTimes: true, includeLunch: false },
  { shiftTypeId: 7, name: 'Holiday', includeShiftTimes: true, includeLunch: true },
  { shiftTypeId: 8, name: 'Sick', includeShiftTimes: false, includeLunch: false },
  { shiftTypeId: 9, name: 'PTO', includeShiftTimes: false, includeLunch: false },
  { shiftTypeId: 10, name: 'Canceled by Facility', includeShiftTimes: false, includeLunch: false },
];
