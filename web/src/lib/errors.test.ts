import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, fieldError, isNetworkError } from './errors';

describe('errorMessage', () => {
  it("shows the server's own message for its answers", () => {
    expect(errorMessage(new ApiError(400, 'validation_error', 'Invalid route: name: a name is required'))).toBe(
      'Invalid route: name: a name is required',
    );
    expect(errorMessage(new ApiError(404, 'not_found', 'Route not found'))).toBe('Route not found');
  });

  it('explains network failures and unreadable answers in words, not codes', () => {
    expect(errorMessage(new ApiError(0, 'network_error', 'Failed to fetch'))).toMatch(/could not be reached/);
    expect(errorMessage(new ApiError(200, 'invalid_response', 'Unexpected response from /api/routes'))).toMatch(/unexpected way/);
    expect(isNetworkError(new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(isNetworkError(new ApiError(500, 'internal_error', 'x'))).toBe(false);
  });

  it('falls back for anything else', () => {
    expect(errorMessage(new Error('Add at least two waypoints first.'))).toBe('Add at least two waypoints first.');
    expect(errorMessage('nope')).toBe('Something went wrong. Please try again.');
    expect(errorMessage(undefined, 'Saving failed')).toBe('Saving failed');
  });
});

describe('fieldError', () => {
  const err = new ApiError(400, 'validation_error', 'Invalid route', {
    issues: [
      { path: 'name', message: 'a name is required' },
      { path: 'waypoints.3.lon', message: 'Too big' },
    ],
  });
  it('finds the issue of a field (or of something inside it)', () => {
    expect(fieldError(err, 'name')).toBe('a name is required');
    expect(fieldError(err, 'waypoints')).toBe('Too big');
    expect(fieldError(err, 'description')).toBeUndefined();
    expect(fieldError(new Error('x'), 'name')).toBeUndefined();
  });
});
