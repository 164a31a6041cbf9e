import express from 'express';
import request from 'supertest';
import { createLogger } from './logger';
import { errorMiddleware, isUnreachableError } from './errors';

const named = (name: string, message = 'x', cause?: unknown) =>
  Object.assign(new Error(message, cause ? { cause } : undefined), { name });

function appThrowing(err: unknown) {
  const app = express();
  app.get('/', () => {
    throw err;
  });
  app.use(errorMiddleware(createLogger('test', 'silent')));
  return app;
}

describe('errors of an unreachable server', () => {
  it.each([
    ['the database cannot be selected', named('MongoServerSelectionError', 'connect ECONNREFUSED')],
    ['the database connection drops', named('MongoNetworkError', 'connection 3 closed')],
    [
      'mongoose gives up waiting for a connection',
      new Error('Operation `proposals.findOne()` buffering timed out after 10000ms'),
    ],
    [
      'the database connection is being opened again',
      named(
        'MongoPoolClosedError',
        'Attempted to check out a connection from closed connection pool',
      ),
    ],
    [
      'a call in flight while the connection is opened again',
      named('MongoClientClosedError', 'Operation interrupted because client was closed'),
    ],
    [
      'a socket its server has just ended is written to',
      Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
    ],
    ['Redis has no connection', new Error('Connection is closed.')],
    [
      'the broker is gone (as the cause)',
      new Error('send failed', { cause: named('KafkaJSConnectionError') }),
    ],
  ])('answer 503 with Retry-After and a clear JSON message when %s', async (_what, err) => {
    const res = await request(appThrowing(err)).get('/');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      success: false,
      message: 'The service is briefly unavailable; try again in a few seconds',
      code: 'unavailable',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|buffering|Kafka/);
  });

  it('leaves other failures a 500 that says nothing of their cause', async () => {
    const res = await request(appThrowing(new TypeError('x is undefined'))).get('/');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal');
    expect(isUnreachableError(new Error('E11000 duplicate key'))).toBe(false);
    expect(isUnreachableError(named('MongoServerError', 'Document failed validation'))).toBe(false);
  });
});
