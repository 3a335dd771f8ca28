import type { CalendarEvent } from '@studiolo/domain/calendar';
import type { StaffMember } from '@studiolo/domain/staff';

/** One column of the staff view: a staff member's appointments, or those assigned to nobody. */
export type StaffColumn = {
  key: string;
  label: string;
  staffMember: StaffMember | null;
  events: CalendarEvent[];
};

export const unassignedColumnKey = 'unassigned';
export const unassignedColumnLabel = 'Senza operatore';

export const staffMemberName = (m: Pick<StaffMember, 'name' | 'lastname'>) => `${m.name} ${m.lastname}`.trim();

/**
 * The staff view's columns (resource views are premium in FullCalendar, so the columns are ours): one per staff
 * member — only the filtered ones when the staff filter is on — in name order, then "Senza operatore" for the
 * appointments nobody is assigned to (or assigned to someone no longer in the studio), shown only when it has any
 * or when there is no staff member at all, so a new appointment can still be made.
 */
export const staffColumnsOf = (
  events: readonly CalendarEvent[],
  staff: readonly StaffMember[],
  filteredStaffIds: readonly string[] = [],
): StaffColumn[] => {
  const members = [...staff]
    .filter((m) => filteredStaffIds.length === 0 || filteredStaffIds.includes(m.id))
    .sort((a, b) => staffMemberName(a).localeCompare(staffMemberName(b), 'it'));
  const known = new Set(staff.map((m) => m.id));
  const columns: StaffColumn[] = members.map((m) => ({
    key: m.id,
    label: staffMemberName(m),
    staffMember: m,
    events: events.filter((e) => e.staffMemberId === m.id),
  }));
  const unassigned = events.filter((e) => !e.staffMemberId || !known.has(e.staffMemberId));
  if (unassigned.length > 0 || columns.length === 0)
    columns.push({ key: unassignedColumnKey, label: unassignedColumnLabel, staffMember: null, events: unassigned });
  return columns;
};
