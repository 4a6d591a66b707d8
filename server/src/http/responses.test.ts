import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answers, requireResponseSchema } from './responses';

describe('requireResponseSchema', () => {
  it('refuses an API route or /healthz without a response schema', () => {
    expect(() => requireResponseSchema({ method: 'GET', url: '/api/sops' })).toThrow('GET /api/sops declares no response schema');
    expect(() => requireResponseSchema({ method: 'GET', url: '/healthz', schema: {} })).toThrow('declares no response schema');
  });
  it('lets declared routes and the client shell through', () => {
    expect(() => requireResponseSchema({ method: 'GET', url: '/api/sops', schema: { response: answers({ 200: z.array(z.object({})) }) } })).not.toThrow();
    expect(() => requireResponseSchema({ method: 'GET', url: '/assets/app.js' })).not.toThrow();
  });
});
