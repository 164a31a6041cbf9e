import { makeToken } from '../test/test-utils';
import { checkStoredToken, rememberRedirect, SessionMessages, takeRedirect } from './session';

describe('stored session token (SPEC §4)', () => {
  it('reports a missing token as "No authentication token"', () => {
    expect(checkStoredToken()).toEqual({ ok: false, reason: SessionMessages.noToken });
    expect(SessionMessages.noToken).toBe('No authentication token');
  });

  it('rejects a token without three dot-separated parts as "Invalid token format" and removes it', () => {
    localStorage.setItem('token', 'abc.def');
    expect(checkStoredToken()).toEqual({ ok: false, reason: 'Invalid token format' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('rejects a three-part token whose payload has no exp', () => {
    localStorage.setItem('token', 'a.b.c');
    expect(checkStoredToken()).toEqual({ ok: false, reason: 'Invalid token format' });
  });

  it('removes an expired token and reports "Session expired"', () => {
    localStorage.setItem('token', makeToken({ exp: Math.floor(Date.now() / 1000) - 5 }));
    expect(checkStoredToken()).toEqual({ ok: false, reason: 'Session expired' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('accepts an unexpired token and reads the member id from sub', () => {
    const token = makeToken({ sub: 'member-7' });
    localStorage.setItem('token', token);
    expect(checkStoredToken()).toMatchObject({ ok: true, token, userId: 'member-7' });
    expect(localStorage.getItem('token')).toBe(token);
  });
});

describe('redirectUrl', () => {
  it('keeps path, query and hash and hands them back once', () => {
    rememberRedirect({ pathname: '/my-account', search: '?x=1', hash: '#notifications' });
    expect(localStorage.getItem('redirectUrl')).toBe('/my-account?x=1#notifications');
    expect(takeRedirect()).toBe('/my-account?x=1#notifications');
    expect(localStorage.getItem('redirectUrl')).toBeNull();
    expect(takeRedirect('/')).toBe('/');
  });

  it('ignores destinations off this site', () => {
    localStorage.setItem('redirectUrl', '//evil.example/path');
    expect(takeRedirect('/')).toBe('/');
    localStorage.setItem('redirectUrl', 'https://evil.example');
    expect(takeRedirect('/')).toBe('/');
  });
});
