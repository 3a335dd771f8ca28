/** spec part 1 §9: the calendar's constants. */
export const calendarSettings = {
  slotDuration: '00:15:00',
  slotLabelInterval: '01:00:00',
  scrollTime: '07:00:00',
  dayMaxEvents: 10,
  /** Monday. */
  firstDay: 1,
  /** Minimum width of a day (px); the staff columns' off mobile. FullCalendar's dayMinWidth is premium. */
  dayMinWidth: 80,
  staffDayMinWidth: 100,
  /** Width of the hour labels (px), added to the grid's minimum width. */
  timeAxisWidth: 56,
} as const;
