import { describe, expect, it } from 'vitest';
import { FatalPlatformError, RetriablePlatformError } from '../../src/platform/errors.js';
import { interpretFailure } from '../../src/platform/answer.js';
import { endpointUrl, parseRetryAfter } from '../../src/platform/url.js';

describe('endpointUrl', () => {
  it.each([
    ['https://h.example/api', 'https://h.example/api/menu/import'],
    ['https://h.example/api/', 'https://h.example/api/menu/import'],
    ['https://h.example', 'https://h.example/menu/import'],
    ['https://h.example/', 'https://h.example/menu/import'],
    ['https://h.example/a/b//', 'https://h.example/a/b/menu/import'],
  ])('joins %s and /menu/import without losing or doubling the prefix', (base, expected) => {
    expect(endpointUrl(base, '/menu/import').href).toBe(expected);
  });

  it('encodes query parameters', () => {
    expect(endpointUrl('https://h.example/api', 'menu/categories', { page: 2, q: 'a&b' }).href).toBe(
      'https://h.example/api/menu/categories?page=2&q=a%26b',
    );
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('interpretFailure', () => {
  it('accepts a success envelope', () => {
    expect(interpretFailure('POST /menu/import', 200, '{"success":true}')).toBeUndefined();
  });

  it.each([
    [
      200,
      '{"success":false,"error":"RATE_LIMIT_EXCEEDED","message":"slow down"}',
      RetriablePlatformError,
      'RATE_LIMIT_EXCEEDED',
    ],
    [
      200,
      '{"success":false,"error":"INTERNAL_ERROR","message":"x"}',
      RetriablePlatformError,
      'INTERNAL_ERROR',
    ],
    [200, '{"success":false,"error":"IMPORT_ERROR","message":"bad"}', FatalPlatformError, 'IMPORT_ERROR'],
    [200, '{"success":false,"error":"INVALID_ACTION"}', FatalPlatformError, 'INVALID_ACTION'],
    [401, '{"success":false,"error":"INVALID_AUTH","message":"no"}', FatalPlatformError, 'INVALID_AUTH'],
    [400, '{"error":"invalid_request","error_description":"bad"}', FatalPlatformError, 'invalid_request'],
    [503, '{"success":false,"error":"MAINTENANCE"}', RetriablePlatformError, 'MAINTENANCE'],
    // decided by code, not by wording: a scary message does not make IMPORT_ERROR retriable
    [
      200,
      '{"success":false,"error":"IMPORT_ERROR","message":"rate limit, try again"}',
      FatalPlatformError,
      'IMPORT_ERROR',
    ],
  ])('classifies HTTP %i %s', (status, body, type, code) => {
    const error = interpretFailure('POST /menu/import', status, body);
    expect(error).toBeInstanceOf(type);
    expect(error?.code).toBe(code);
  });

  it('tolerates non-JSON bodies with the status and a short excerpt', () => {
    const html = `<html><body>${'x'.repeat(500)}</body></html>`;
    const error = interpretFailure('GET /menu/categories', 502, html);
    expect(error).toBeInstanceOf(RetriablePlatformError);
    expect(error?.message).toMatch(
      /^GET \/menu\/categories: HTTP 502 with a non-JSON body: "<html><body>x+\.\.\."$/,
    );
    expect(error!.message.length).toBeLessThan(200);
    expect(interpretFailure('GET /menu/categories', 200, 'OK')).toBeInstanceOf(FatalPlatformError);
    expect(interpretFailure('GET /menu/categories', 404, 'Not Found')).toBeInstanceOf(FatalPlatformError);
  });
});
