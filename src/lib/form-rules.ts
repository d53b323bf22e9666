import type { FormRule } from 'antd';
import type { Translate } from '../../data-providers/translate';
import { refusal, type ValidatorName } from './validators';

/**
 * An antd Form rule from a validator of validators.ts, with its translated message.
 * `optional` lets an empty field pass (an optional e-mail); otherwise empty is tested
 * like any other value and fails.
 */
export function validatorRule(name: ValidatorName, t: Translate, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const text = value === undefined || value === null ? '' : String(value);
      if (text === '' && options.optional) return Promise.resolve();
      const refused = refusal(name, text);
      return refused ? Promise.reject(new Error(t(refused))) : Promise.resolve();
    },
  };
}
