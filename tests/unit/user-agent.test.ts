// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deviceName } from '../../src/lib/user-agent';

describe('a session\'s device as the personal center names it', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', 'Chrome 156 · Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91', 'Edge 120 · Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox 121 · macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1', 'Safari 17 · iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36', 'Chrome 120 · Android'],
  ])('%s', (ua, name) => expect(deviceName(ua)).toBe(name));

  it('anything else is shown as it came, cut short', () => {
    expect(deviceName('curl/8.4.0')).toBe('curl/8.4.0');
    expect(deviceName('x'.repeat(80))).toBe(`${'x'.repeat(57)}...`);
  });
});
