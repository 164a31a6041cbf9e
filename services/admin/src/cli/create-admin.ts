/**
 * Creates an admin account in the admin service's database:
 *   npm run admin:create -- --email ops@example.com --role staff --permissions products,reports
 * The password is asked for on the terminal (or read from standard input, or given with
 * --password). Roles: admin, executive (every area) or staff (the areas listed; `all` for every one).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { argon2Hasher, connectMongo, createLogger } from '@swapbooth/service-kit';
import { adminUserModel } from '../data/admin-users/admin-user.model';
import { AdminUsersRepository } from '../data/admin-users/admin-users.repository';
import { loadAdminConfig } from '../config';
import { adminRoles, parsePermissions, type AdminRole } from '../domain/admin-user';
import { createAdmin } from '../domain/sign-in';

async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Password (at least 12 characters): ');
  const line = await rl[Symbol.asyncIterator]().next();
  rl.close();
  return String(line.value ?? '').trim();
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'staff' },
      permissions: { type: 'string', default: '' },
      password: { type: 'string' },
    },
  });
  if (!values.email) {
    console.error(
      'usage: npm run admin:create -- --email <e-mail> --role admin|executive|staff --permissions dashboard,users,products,subscriptions,reports,audit',
    );
    return 2;
  }
  if (!(adminRoles as readonly string[]).includes(values.role)) {
    console.error(`--role must be one of ${adminRoles.join(', ')}`);
    return 2;
  }
  const permissions = parsePermissions(values.permissions);
  const password = values.password ?? (await askPassword());
  const config = loadAdminConfig();
  const logger = createLogger('admin-cli', 'warn', 'pretty');
  const conn = await connectMongo(config.MONGO_URL, `${config.MONGO_DB_PREFIX}admin`, logger);
  try {
    await adminUserModel(conn).init();
    const created = await createAdmin(
      {
        adminUsers: new AdminUsersRepository(conn),
        hasher: argon2Hasher(),
        clock: { now: () => new Date() },
      },
      { email: values.email, role: values.role as AdminRole, permissions, password },
    );
    console.log(
      `created ${created.role} ${created.email} (${created.id}) with ${JSON.stringify(created.permissions)}`,
    );
    return 0;
  } finally {
    await conn.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
