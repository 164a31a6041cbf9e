import { handle, parse } from '@swapbooth/service-kit';
import type { AuthDeps } from '../../deps';
import { throttleReportQuery } from './internal-users.schemas';

/** What admins read to see an attack on sign-in. */
export function signInThrottlesController(deps: AuthDeps) {
  return {
    report: handle(async (req, res) => {
      const { days } = parse(throttleReportQuery, req.query);
      const report = await deps.signIn.throttledReport(days);
      res.json({
        success: true,
        data: {
          days: report.map((d) => ({
            date: d.date,
            throttled: d.throttled,
            accounts: d.accounts.map((a) => ({ account: a.account, throttled: a.throttled })),
          })),
        },
      });
    }),
  };
}
