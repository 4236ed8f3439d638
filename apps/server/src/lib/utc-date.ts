/**
 * The UTC calendar date of an instant, as 'YYYY-MM-DD'. The shared date module (@hcp/contracts dates.ts) works on
 * zone-less calendar dates and reads "today" in the local zone; the server's rules that are documented against
 * UTC (the start-date window, a timesheet's recent contracts, generated demo dates) turn an instant into a date here.
 */
export function utcIsoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
