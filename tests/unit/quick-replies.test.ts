import { describe, expect, it } from 'vitest';
import { fillVariables, insertReply, matchReplies, QUICK_REPLY_LIST, slashQuery } from '../../src/chat/quick-replies';

const replies = [
  { caption: 'Refund policy' },
  { caption: 'Greeting' },
  { caption: 'Opening hours' },
  { caption: '退货流程' },
  { caption: 'greet again' },
];
const captions = (list: { caption: string }[]) => list.map((r) => r.caption);

describe('the composer\'s / command', () => {
  it('is a / at the start of the draft or after a space, followed by the caption typed so far', () => {
    expect(slashQuery('/')).toEqual({ query: '', start: 0 });
    expect(slashQuery('/gre')).toEqual({ query: 'gre', start: 0 });
    expect(slashQuery('Hi there /ref')).toEqual({ query: 'ref', start: 9 });
    expect(slashQuery('line one\n/hours')).toEqual({ query: 'hours', start: 9 });
  });

  it('is not a / inside a word or a path, nor one followed by a space', () => {
    expect(slashQuery('')).toBeUndefined();
    expect(slashQuery('and/or')).toBeUndefined();
    expect(slashQuery('see https://example.com/help')).toBeUndefined();
    expect(slashQuery('/gre ')).toBeUndefined();
    expect(slashQuery('//')).toBeUndefined();
  });

  it('matches captions containing the text, caselessly, those starting with it first', () => {
    expect(captions(matchReplies(replies, 'gre'))).toEqual(['greet again', 'Greeting']);
    expect(captions(matchReplies(replies, 'HOUR'))).toEqual(['Opening hours']);
    expect(captions(matchReplies(replies, 'ee'))).toEqual(['greet again', 'Greeting']);
    expect(captions(matchReplies(replies, '退货'))).toEqual(['退货流程']);
    expect(captions(matchReplies(replies, 'ｒｅｆ'))).toEqual(['Refund policy']);
    expect(matchReplies(replies, 'nothing like it')).toEqual([]);
    expect(matchReplies(replies, '')).toHaveLength(replies.length);
  });
});

describe('variables', () => {
  const vars = { customerName: 'Li Lei', agentName: '赵敏', ticketNumber: 'c-42' };

  it('are filled in where written, as often as written', () => {
    expect(fillVariables('Hello {customerName}, I am {agentName}. Your ticket: {ticketNumber} ({customerName})', vars))
      .toBe('Hello Li Lei, I am 赵敏. Your ticket: c-42 (Li Lei)');
  });

  it('an unknown one, or one without a value, stays as written', () => {
    expect(fillVariables('{orderNo} {customerName}', { ...vars, customerName: '' })).toBe('{orderNo} {customerName}');
    expect(fillVariables('{constructor} {toString}', vars)).toBe('{constructor} {toString}');
  });

  it('a value that looks like a variable is not filled again', () => {
    expect(fillVariables('{customerName} / {agentName}', { ...vars, customerName: '{agentName}' })).toBe('{agentName} / 赵敏');
  });

  it('the chosen reply replaces the / command, the text before it stays', () => {
    expect(insertReply('/gre', { text: 'Hello {customerName}!' }, vars)).toBe('Hello Li Lei!');
    expect(insertReply('Sure. /hours', { text: 'We open at 9.' }, vars)).toBe('Sure. We open at 9.');
  });

  it('the list action is the one the entity schema names', () => {
    expect(QUICK_REPLY_LIST).toBe('/api/quickReply/getList');
  });
});
