import { describe, expect, it } from 'vitest';
import { publicUrl } from './config';

describe('PUBLIC_URL', () => {
  it('is an http(s) address kept without its trailing slash, path prefix included', () => {
    expect(publicUrl(undefined)).toBeUndefined();
    expect(publicUrl('  ')).toBeUndefined();
    expect(publicUrl('https://sop.fleet.example/')).toBe('https://sop.fleet.example');
    expect(publicUrl('https://fleet.example/sop/')).toBe('https://fleet.example/sop');
    expect(publicUrl('http://10.0.0.5:5000')).toBe('http://10.0.0.5:5000');
  });

  it('refuses what is not one, at start, naming the value', () => {
    expect(() => publicUrl('sop.fleet.example')).toThrow(
      'PUBLIC_URL must be an http or https address such as https://sop.example.com; got "sop.fleet.example"',
    );
    expect(() => publicUrl('ftp://sop.fleet.example')).toThrow('PUBLIC_URL must start with http:// or https://; got "ftp://sop.fleet.example"');
  });
});
