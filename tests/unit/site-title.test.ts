import { describe, expect, it } from 'vitest';
import { hasPhoneBar, isWorkOrderDepartment } from '../../src/lib/departments';
import { documentTitle, siteTitle } from '../../src/lib/site-title';
import { translator } from './support/translate';

describe('site title', () => {
  it.each([4, 5, '4', '5'])('department %j runs the work-order system', (departId) => {
    expect(siteTitle(departId)).toBe('site.workOrderTitle');
    expect(isWorkOrderDepartment(departId)).toBe(true);
  });

  it.each([1, 2, 3, 6, null, undefined, '', 'x'])('department %j runs the console', (departId) => {
    expect(siteTitle(departId)).toBe('site.title');
  });

  it('reads as the spec names in both languages', () => {
    expect(translator('zh')(siteTitle(1))).toBe('智能云客服系统');
    expect(translator('zh')(siteTitle(4))).toBe('工单系统');
    expect(translator('en')(siteTitle(1))).toBe('Intelligent cloud customer-service system');
    expect(translator('en')(siteTitle(5))).toBe('Work-order system');
  });

  it('the tab title is page then site', () => {
    expect(documentTitle('登录', '智能云客服系统')).toBe('登录 - 智能云客服系统');
    expect(documentTitle('', '工单系统')).toBe('工单系统');
  });
});

describe('phone bar', () => {
  it.each([4, 5, 6, '6'])('is hidden for department %j', (departId) => expect(hasPhoneBar(departId)).toBe(false));
  it.each([1, 2, 7, null])('is shown for department %j', (departId) => expect(hasPhoneBar(departId)).toBe(true));
});
