import { mongo } from 'mongoose';
import { mongoStatement } from './mongo-statement';

const { Long, ObjectId } = mongo;

describe('mongoStatement', () => {
  it('gives the shape of a find filter, never its values or the driver fields', () => {
    const text = mongoStatement({
      find: 'listings',
      filter: {
        _id: { $in: [new ObjectId(), new ObjectId()] },
        owner: 'u-1',
        deleted: { $ne: true },
      },
      projection: { title: 1 },
      lsid: { id: 'session' },
      $clusterTime: { clusterTime: Long.fromNumber(5) },
      $db: 'exchange',
    });
    expect(JSON.parse(text)).toEqual({ _id: { $in: ['?'] }, owner: '?', deleted: { $ne: '?' } });
  });

  it('reads the filter of updates, deletes, findAndModify and aggregate', () => {
    expect(mongoStatement({ update: 'c', updates: [{ q: { a: 1 }, u: { $set: { b: 2 } } }] })).toBe(
      '{"a":"?"}',
    );
    expect(mongoStatement({ delete: 'c', deletes: [{ q: { a: 1 }, limit: 1 }] })).toBe('{"a":"?"}');
    expect(mongoStatement({ findAndModify: 'c', query: { a: { $gt: 3 } } })).toBe(
      '{"a":{"$gt":"?"}}',
    );
    expect(
      mongoStatement({ aggregate: 'c', pipeline: [{ $match: { a: 1 } }, { $limit: 5 }] }),
    ).toBe('[{"$match":{"a":"?"}}]');
  });

  it('names an inserted document fields and cuts deep documents short', () => {
    const doc = {
      _id: new ObjectId(),
      type: 'proposal.created',
      payload: { ids: ['a'] },
      at: new Date(),
    };
    expect(JSON.parse(mongoStatement(doc))).toEqual({
      _id: '?',
      type: '?',
      payload: { ids: '…' },
      at: '?',
    });
    expect(
      JSON.parse(mongoStatement({ find: 'c', filter: { a: { b: { c: { d: { e: 1 } } } } } })),
    ).toEqual({ a: { b: { c: { d: '…' } } } });
  });
});
