// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { documentTitle, siteTitleKey } from '../../src/lib/site-title';
import { translator } from './support/translate';

describe('site title', () => {
  it("follows the department's work-order flag", () => {
    expect(siteTitleKey(true)).toBe('site.workOrderTitle');
    expect(siteTitleKey(false)).toBe('site.title');
  });

  it('reads as the spec names in both languages', () => {
    expect(translator('zh')(siteTitleKey(false))).toBe('智能云客服系统');
    expect(translator('zh')(siteTitleKey(true))).toBe('工单系统');
    expect(translator('en')(siteTitleKey(false))).toBe('Intelligent Cloud Customer Service');
    expect(translator('en')(siteTitleKey(true))).toBe('Work Order System');
  });

  it('the tab title is page then site', () => {
    expect(documentTitle('登录', '智能云客服系统')).toBe('登录 - 智能云客服系统');
    expect(documentTitle('', '工单系统')).toBe('工单系统');
  });
});
