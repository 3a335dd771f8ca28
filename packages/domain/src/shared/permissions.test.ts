import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRolesTable } from '../../../../scripts/roles-table.ts';
import { can, permissions, rolePermissions, roles } from './index.ts';

describe('roles and permissions', () => {
  it('gives the studio owner every permission and staff admins all but the subscription, the security rules and the backups', () => {
    expect(permissions.every((p) => can('ROLE_USER', p))).toBe(true);
    // issue 25 item 11: an admin could otherwise lift the staff's second-factor requirement
    expect(permissions.filter((p) => !can('ROLE_STAFF_ADMIN', p))).toEqual([
      'security:manage',
      'billing:manage',
      'backup:manage',
    ]);
  });
  it('keeps the accountant out of the clinical record and the collaborator out of invoices', () => {
    expect(can('ROLE_STAFF_CONTABILE', 'clinical:read')).toBe(false);
    expect(can('ROLE_STAFF_CONTABILE', 'invoice:write')).toBe(true);
    expect(can('ROLE_STAFF_COLLABORATORE', 'invoice:read')).toBe(false);
    expect(can('ROLE_STAFF_COLLABORATORE', 'clinical:write')).toBe(true);
  });
  it('names only known permissions for each of the seven roles', () => {
    expect(Object.keys(rolePermissions).sort()).toEqual([...roles].sort());
    for (const r of roles) for (const p of rolePermissions[r]) expect(permissions).toContain(p);
  });
  it('matches the role table in docs/roles.md', () => {
    const doc = readFileSync(new URL('../../../../docs/roles.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderRolesTable());
  });
});
