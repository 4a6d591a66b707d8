import { describe, expect, it } from 'vitest';
import { linkStateKeeper } from './link.helper';

describe('the link state keeper', () => {
  it('keeps since from the first failure while the link stays down, restarts it on each change, and never shows credentials', () => {
    let now = new Date('2026-11-26T08:00:00Z');
    const link = linkStateKeeper('nats://office:s3cret@hub.example:4222', () => now);
    expect(link.get()).toEqual({ state: 'connecting', since: new Date('2026-11-26T08:00:00Z'), error: null });

    now = new Date('2026-11-26T08:00:05Z');
    link.down(new Error('CONNECTION_REFUSED'));
    now = new Date('2026-11-26T08:00:10Z');
    link.down(new Error('TIMEOUT'));
    expect(link.get()).toEqual({ state: 'down', since: new Date('2026-11-26T08:00:05Z'), error: 'Cannot reach NATS at nats://hub.example:4222: TIMEOUT' });

    now = new Date('2026-11-26T08:01:00Z');
    link.up();
    link.up();
    expect(link.get()).toEqual({ state: 'connected', since: new Date('2026-11-26T08:01:00Z'), error: null });

    now = new Date('2026-11-26T09:00:00Z');
    link.down('connection lost');
    expect(link.get()).toEqual({
      state: 'down',
      since: new Date('2026-11-26T09:00:00Z'),
      error: 'Cannot reach NATS at nats://hub.example:4222: connection lost',
    });
    expect(JSON.stringify(link.get())).not.toContain('s3cret');
  });
});
