// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SYSTEM_MESSAGES, systemText } from '../../schemas/protocol/chat';

describe('system messages of the chat hub', () => {
  it('show in the reader language whichever language they were stored in', () => {
    expect(systemText(SYSTEM_MESSAGES.newCustomer.zh, 'en')).toBe('New customer connected');
    expect(systemText(SYSTEM_MESSAGES.newCustomer.en, 'zh')).toBe('新客户已接入');
    expect(systemText(SYSTEM_MESSAGES.newCustomer.zh, 'zh')).toBe('新客户已接入');
  });
  it('leave any other content as it is (never interpreted)', () => {
    expect(systemText('<img src=x onerror=alert(1)>', 'en')).toBe('<img src=x onerror=alert(1)>');
    expect(systemText('', 'zh')).toBe('');
  });
});
