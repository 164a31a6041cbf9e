import type { EventEnvelope } from '@swapbooth/contracts';
import { texts } from './notification';
import type { Notifier } from './notifier';
import type { ListingTitles, MailMessage, MemberDirectory } from './ports';
import type { OnceMailer } from './trade-emails';

/** What a circle e-mail says to one member: only their own part of the circle. */
export interface CircleEmailContent {
  kind: 'circle-proposed' | 'circle-accepted' | 'circle-dissolved';
  to: string;
  circleId: string;
  recipientName?: string;
  size: number;
  gives: string;
  receives: string;
  /** The dissolved circle's notice (why, and that the listing is free again). */
  notice?: string;
}

type CircleEventType = 'circle.proposed' | 'circle.accepted' | 'circle.dissolved';

/** Which member e-mail switch each circle e-mail follows. */
const emailSwitch = {
  'circle-proposed': 'exchange-received',
  'circle-accepted': 'exchange-accepted',
  'circle-dissolved': 'exchange-received',
} as const;

/**
 * Trade circles → one notification and one e-mail per member (each once per event), telling each
 * member only their own part: what they give, what they receive and the circle's size.
 */
export class CircleNews {
  constructor(
    private readonly notifier: Notifier,
    private readonly members: MemberDirectory,
    private readonly titles: ListingTitles,
    private readonly mail: OnceMailer,
    private readonly templates: (c: CircleEmailContent) => MailMessage,
  ) {}

  async handle(e: EventEnvelope<CircleEventType>): Promise<void> {
    const d = e.data;
    const actorId = e.type === 'circle.dissolved' ? (e.data as { actorId?: string }).actorId : '';
    for (const m of d.members) {
      // The member who declined knows already.
      if (m.userId === actorId) continue;
      const [gives = '', receives = ''] = await this.titles.titles([
        m.givesProductId,
        m.receivesProductId,
      ]);
      const said = this.says(e, d.size, gives, receives);
      await this.notifier.create({
        id: `${e.id}:${m.userId}`,
        userId: m.userId,
        type: said.type,
        title: said.title,
        message: said.message,
        data: { circle_id: d.circleId, product_id: m.givesProductId },
      });
      const member = await this.members.get(m.userId);
      if (!member.email || member.emailOff.includes(emailSwitch[said.kind])) continue;
      await this.mail.deliverOnce(
        `${said.kind}:${d.circleId}:${m.userId}`,
        said.kind,
        this.templates({
          kind: said.kind,
          to: member.email,
          circleId: d.circleId,
          ...(member.displayName ? { recipientName: member.displayName } : {}),
          size: d.size,
          gives,
          receives,
          notice: said.message,
        }),
      );
    }
  }

  private says(e: EventEnvelope<CircleEventType>, size: number, gives: string, receives: string) {
    if (e.type === 'circle.proposed') {
      return {
        type: 'circle_proposed' as const,
        kind: 'circle-proposed' as const,
        ...texts.circle_proposed(size, gives, receives),
      };
    }
    if (e.type === 'circle.accepted') {
      return {
        type: 'circle_accepted' as const,
        kind: 'circle-accepted' as const,
        ...texts.circle_accepted(size, gives, receives),
      };
    }
    const reason = (e.data as { reason: 'declined' | 'expired' | 'unavailable' }).reason;
    return {
      type: 'circle_dissolved' as const,
      kind: 'circle-dissolved' as const,
      ...texts.circle_dissolved(reason, gives),
    };
  }
}
