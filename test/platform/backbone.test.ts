import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { RunningService } from '@swapbooth/runtime';
import { eventually, waitForMail } from '@swapbooth/test-kit';
import { loadAuthConfig } from '../../services/auth/src/config';
import { startAuthService } from '../../services/auth/src/service';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { startNotificationService } from '../../services/notification/src/service';
import { loadAdminConfig } from '../../services/admin/src/config';
import { startAdminService } from '../../services/admin/src/service';

/**
 * One sign-up, three services: auth writes the account and its events through its outbox; the
 * notification service consumes the code request and sends the e-mail; the admin service consumes
 * every event and counts it on the dashboard. Real Kafka, real FerretDB, real MailDev.
 */
const running: RunningService[] = [];

beforeAll(async () => {
  const env = { ...process.env };
  running.push(
    await startNotificationService(loadNotificationConfig(env), { port: 0 }),
    await startAdminService(loadAdminConfig(env), { port: 0 }),
    await startAuthService(loadAuthConfig(env), { port: 0 }),
  );
});

afterAll(async () => {
  for (const s of running.reverse()) await s.stop();
});

it('carries a sign-up from auth to the notification e-mail and the admin dashboard count', async () => {
  const auth = running[2]!;
  const email = `backbone-${randomUUID().slice(0, 8)}@example.test`;
  const counters = mongoose.createConnection(process.env.MONGO_URL!, {
    dbName: `${process.env.MONGO_DB_PREFIX}admin`,
  });
  const before =
    (
      (await counters
        .collection('event_counters')
        .findOne({ _id: 'user.registered' as never })) as { count?: number } | null
    )?.count ?? 0;

  const res = await fetch(`${auth.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', authMethod: 'email' }),
  });
  expect(res.status).toBeLessThan(300);

  const mail = await waitForMail(email, /code/i, 30_000);
  expect(mail.text).toMatch(/\b\d{6}\b/);
  await eventually(async () => {
    const doc = (await counters
      .collection('event_counters')
      .findOne({ _id: 'user.registered' as never })) as { count?: number } | null;
    return (doc?.count ?? 0) > before;
  }, 10000);
  await counters.close();
});
