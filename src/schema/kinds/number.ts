import { formatNumber } from '../format';
import { message } from '../messages';
import { typeError } from './common';
import { defineKind, type RuleTools } from './types';
import { DEFAULT_CURRENCY, minorUnits } from '../currency';
import type { NumberField } from '../fields';

const numberRule = (field: NumberField, { z }: RuleTools) => {
  let rule = z.number({ error: typeError });
  if (field.integer) rule = rule.int(message('validation.integer'));
  if (field.min !== undefined)
    rule = rule.min(field.min, message('validation.min', { min: field.min }));
  if (field.max !== undefined)
    rule = rule.max(field.max, message('validation.max', { max: field.max }));
  return rule;
};

export const number = defineKind<NumberField>({
  rule: numberRule,
  empty: () => null,
  text: (_field, value, { language }) => formatNumber(Number(value), language),
});

/** Stored in minor units (cents); shown in the owner's currency. */
export const money = defineKind<NumberField>({
  rule: numberRule,
  empty: () => null,
  text: (_field, value, { language, currency = DEFAULT_CURRENCY }) =>
    formatNumber(Number(value) / minorUnits(currency), language, { style: 'currency', currency }),
});
