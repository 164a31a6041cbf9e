/**
 * Makes member01 an approved math-trade organiser, the way it happens for real: the member (who
 * has a booth) asks through the exchange service, and a demo admin with the users permission
 * approves the request through the admin service. Signing in as member01 then opens the
 * math-trade page. Idempotent: an approved member01 is left as is.
 *
 * The admin is one of the accounts the admin service creates at start (ADMIN_SEED_ACCOUNTS,
 * `email|password|role|areas` entries; `npm start` sets the demo executive).
 */
import type { Api } from './http';
import type { Session } from './session';

export type OrganiserOutcome = 'kept' | 'approved' | 'no-admin';

interface Standing {
  status: 'none' | 'requested' | 'approved' | 'refused';
}

/** How long exchange may take to hear of member01's booth (catalog's booth.created event). */
const PROPAGATION_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The first seeded admin account that may decide on organisers (users permission). */
export function organiserAdmin(
  accounts: string | undefined,
): { email: string; password: string } | undefined {
  for (const entry of (accounts ?? '').split(';')) {
    const [email, password, role, areas = ''] = entry.split('|').map((s) => s.trim());
    if (!email || !password) continue;
    const mayDecide =
      role === 'executive' || role === 'admin' || areas.split(',').includes('users');
    if (mayDecide) return { email, password };
  }
  return undefined;
}

export async function seedOrganiser(input: {
  exchange: Api;
  admin: Api;
  session: Session;
  adminAccounts: string | undefined;
}): Promise<OrganiserOutcome> {
  const { exchange, admin, session } = input;
  const mine = await exchange.request<Standing>('GET', '/api/circles/organiser', {
    token: session.token,
  });
  if (mine.body.data?.status === 'approved') return 'kept';
  const account = organiserAdmin(input.adminAccounts);
  if (!account) return 'no-admin';

  if (mine.body.data?.status !== 'requested') {
    const deadline = Date.now() + PROPAGATION_MS;
    for (let wait = 200; ; wait = Math.min(wait * 2, 2000)) {
      const asked = await exchange.request<Standing>('POST', '/api/circles/organiser', {
        token: session.token,
        accept: [409],
      });
      if (asked.status === 201) break;
      // "Open a booth first": the booth is still on its way to exchange.
      if (!/booth/i.test(asked.body.message ?? '') || Date.now() > deadline) {
        throw new Error(`asking to organise answered 409: ${asked.body.message ?? ''}`);
      }
      await sleep(wait);
    }
  }
  const login = await admin.request<{ adminToken: string }>('POST', '/api/admin/login', {
    body: { email: account.email, password: account.password },
  });
  await admin.request('PUT', `/api/admin/organisers/${encodeURIComponent(session.userId)}`, {
    token: login.body.data?.adminToken ?? '',
    body: { status: 'approved' },
  });
  return 'approved';
}
