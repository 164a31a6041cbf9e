import { AssignerProtocol, type Admin } from 'kafkajs';

/**
 * Messages the stack's consumer groups have not handled yet, over every topic their members
 * subscribe to: 0 once the stack has caught up with what start-up and seeding published.
 */
export async function consumerLag(admin: Admin, groupIds: string[]): Promise<number> {
  const { groups } = await admin.describeGroups(groupIds);
  const high = new Map<string, Map<number, { high: number; low: number }>>();
  let lag = 0;
  for (const group of groups) {
    const topics = new Set<string>();
    for (const member of group.members) {
      const meta = AssignerProtocol.MemberMetadata.decode(member.memberMetadata);
      for (const t of meta?.topics ?? []) topics.add(t);
    }
    if (topics.size === 0) continue;
    const committed = await admin.fetchOffsets({ groupId: group.groupId, topics: [...topics] });
    for (const { topic, partitions } of committed) {
      if (!high.has(topic)) {
        const offsets = await admin.fetchTopicOffsets(topic);
        high.set(
          topic,
          new Map(offsets.map((o) => [o.partition, { high: Number(o.high), low: Number(o.low) }])),
        );
      }
      for (const p of partitions) {
        const ends = high.get(topic)!.get(p.partition);
        if (!ends) continue;
        const at = Number(p.offset) >= 0 ? Number(p.offset) : ends.low;
        lag += Math.max(0, ends.high - at);
      }
    }
  }
  return lag;
}
