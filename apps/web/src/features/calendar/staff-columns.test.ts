import type { CalendarEvent } from '@studiolo/domain/calendar';
import type { StaffMember } from '@studiolo/domain/staff';
import { describe, expect, it } from 'vitest';
import { staffColumnsOf, unassignedColumnLabel } from './staff-columns.ts';

const member = (id: string, name: string, lastname: string) =>
  ({ id, name, lastname, email: `${id}@x.it`, avatarColor: null, role: 'ROLE_USER', status: 'ACTIVE' }) as StaffMember;
const ev = (id: string, staffMemberId: string | null) => ({ id, staffMemberId }) as CalendarEvent;

const giulia = member('g', 'Giulia', 'Bianchi');
const marco = member('m', 'Marco', 'Verdi');
const anna = member('a', 'Anna', 'Neri');

describe('staff view columns', () => {
  it('gives one column per staff member in name order, each with its appointments', () => {
    const columns = staffColumnsOf([ev('1', 'm'), ev('2', 'g'), ev('3', 'm')], [marco, giulia, anna]);
    expect(columns.map((c) => c.label)).toEqual(['Anna Neri', 'Giulia Bianchi', 'Marco Verdi']);
    expect(columns.map((c) => c.events.map((e) => e.id))).toEqual([[], ['2'], ['1', '3']]);
  });

  it('adds "Senza operatore" for appointments nobody (or a former member) is assigned to', () => {
    const columns = staffColumnsOf([ev('1', null), ev('2', 'gone'), ev('3', 'g')], [giulia]);
    expect(columns.map((c) => c.label)).toEqual(['Giulia Bianchi', unassignedColumnLabel]);
    expect(columns[1]?.events.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('leaves "Senza operatore" out when every appointment has someone', () => {
    expect(staffColumnsOf([ev('1', 'g')], [giulia]).map((c) => c.label)).toEqual(['Giulia Bianchi']);
  });

  it('shows only the members the staff filter keeps', () => {
    const columns = staffColumnsOf([ev('1', 'm'), ev('2', 'g')], [marco, giulia, anna], ['m']);
    expect(columns.map((c) => c.label)).toEqual(['Marco Verdi']);
  });

  it('still has a column to book into in a studio without staff', () => {
    expect(staffColumnsOf([], []).map((c) => c.label)).toEqual([unassignedColumnLabel]);
  });
});
