/** Today as absences and other day-long periods count days: the calendar day in UTC (YYYY-MM-DD). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
