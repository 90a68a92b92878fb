import { createAccessControl } from 'better-auth/plugins/access';
import {
  CONSOLE_PERMISSIONS,
  CONSOLE_ROLES,
  type ConsolePermission,
  ROLE_PERMISSIONS,
} from '../../../protocol/console';

/**
 * Better Auth's admin plugin access control, built from the console's roles table
 * (protocol/console.ts ROLE_PERMISSIONS): `member:read` is the statement `{ member: ['read'] }`.
 * Members keep the plugin's default role `user`, which holds nothing.
 */
type Statements = Record<string, string[]>;

function statementsOf(permissions: readonly ConsolePermission[]): Statements {
  const statements: Statements = {};
  for (const permission of permissions) {
    const [resource, verb] = permission.split(':') as [string, string];
    statements[resource] = [...(statements[resource] ?? []), verb];
  }
  return statements;
}

export const operatorAccessControl = createAccessControl(statementsOf(CONSOLE_PERMISSIONS));

export const operatorRoles = {
  ...Object.fromEntries(
    CONSOLE_ROLES.map((role) => [role, operatorAccessControl.newRole(statementsOf(ROLE_PERMISSIONS[role]))]),
  ),
  user: operatorAccessControl.newRole({}),
};

/**
 * The admin plugin's HTTP endpoints: each would change a role, a ban, a password or a session
 * outside the console's actions and their audit, so every one answers 404. Operators act only
 * through `POST /api/console/<action>` and the CLI.
 */
export const ADMIN_PATHS_DISABLED = [
  '/admin/set-role',
  '/admin/get-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/list-user-sessions',
  '/admin/unban-user',
  '/admin/ban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/has-permission',
];
