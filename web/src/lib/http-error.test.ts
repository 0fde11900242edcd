import { describe, expect, it } from 'vitest';
import { HttpError, httpErrorMessage, responseError } from './http-error';

const failed = (body: string, status = 400, statusText = 'Bad Request') => ({ status, statusText, body });

describe('httpErrorMessage', () => {
  it('prefers the JSON message field', () => {
    expect(httpErrorMessage(failed('{"message":"Invalid email/username or password.","error":"x"}'))).toBe(
      'Invalid email/username or password.',
    );
  });

  it('falls back to the JSON error field, stringified when it is not a string', () => {
    expect(httpErrorMessage(failed('{"error":"Too many attempts"}'))).toBe('Too many attempts');
    expect(httpErrorMessage(failed('{"error":{"code":42}}'))).toBe('{"code":42}');
  });

  it('uses the raw text when the body is not JSON or has neither field', () => {
    expect(httpErrorMessage(failed('Service unavailable', 503))).toBe('Service unavailable');
    expect(httpErrorMessage(failed('{"detail":"nope"}'))).toBe('{"detail":"nope"}');
  });

  it('uses the status text, then the status, when the body is empty', () => {
    expect(httpErrorMessage(failed('', 502, 'Bad Gateway'))).toBe('Bad Gateway');
    expect(httpErrorMessage(failed('', 500, ''))).toBe('HTTP Error 500');
  });
});

describe('responseError', () => {
  it('carries the status and the extracted message', async () => {
    const error = await responseError(new Response('{"message":"Invalid CSRF token."}', { status: 403 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(403);
    expect(error.message).toBe('Invalid CSRF token.');
  });
});
