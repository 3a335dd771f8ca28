import type { CurrentUser } from '@studiolo/domain/auth';
import { can, type Permission, type Role } from '@studiolo/domain/shared';
import type { UIMatch } from 'react-router';

/** What a page of the shell asks of the role (the `handle` of its route in router.tsx). */
export type RouteAccess = { permission: Permission };

/** Inside a studio what counts is the membership role; platform roles act through support mode. */
export const studioRoleOf = (user: Pick<CurrentUser, 'role' | 'studioRole'>): Role => user.studioRole ?? user.role;

const isRouteAccess = (handle: unknown): handle is RouteAccess =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteAccess).permission === 'string';

/** The permissions the matched routes ask for (a page inside a section asks for its own as well). */
export const requiredPermissions = (matches: readonly Pick<UIMatch, 'handle'>[]): Permission[] =>
  matches.flatMap((m) => (isRouteAccess(m.handle) ? [m.handle.permission] : []));

/** Whether the role may open the page of these matched routes. */
export const mayOpen = (role: Role, matches: readonly Pick<UIMatch, 'handle'>[]): boolean =>
  requiredPermissions(matches).every((p) => can(role, p));
