import { AMOUNT_MSG } from '@app/contracts/money';
import { PASSWORD_MSG } from '@app/contracts/password-rules';
import { payoutAddressProblem } from '@app/contracts/payout-addresses';
import { PHONE_MSG } from '@app/contracts/phone';
import { TICKET_MSG } from '@app/contracts/tickets';
import { humanMessage } from '@app/contracts/zod-messages';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CHECK_TEXTS, checkText } from '../../src/i18n/checks/check-texts';

const listed = (text: string) =>
  CHECK_TEXTS.some(([pattern]) => (typeof pattern === 'string' ? pattern === text : pattern.test(text)));

describe("the forms' check messages in the member's language (issue 38)", () => {
  it('lists every message a member can meet on a form, as the contracts write it', () => {
    const member = [
      PASSWORD_MSG.memberTooShort,
      PASSWORD_MSG.tooLong,
      PASSWORD_MSG.blank,
      PASSWORD_MSG.control,
      PASSWORD_MSG.common,
      PASSWORD_MSG.memberHint,
      ...Object.values(PHONE_MSG),
      ...Object.values(AMOUNT_MSG),
      TICKET_MSG.subjectRequired,
      TICKET_MSG.subjectTooLong,
      TICKET_MSG.messageRequired,
      TICKET_MSG.messageTooLong,
      payoutAddressProblem('BEP20', '0x12'),
      payoutAddressProblem('BEP20', '0x52908400098527886E0F7030069857D2E4169EE7'.replace('E0F', 'e0F')),
      payoutAddressProblem('TRC20', 'X'),
      payoutAddressProblem('TRC20', 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMX'),
    ];
    // zod-messages.ts, for the rules that name no message
    const generic = [
      humanMessage({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '' } as never),
      humanMessage({ code: 'too_small', origin: 'string', minimum: 3, inclusive: true, input: '' } as never),
      humanMessage({ code: 'too_big', origin: 'string', maximum: 1, inclusive: true, input: '' } as never),
      humanMessage({ code: 'too_big', origin: 'number', maximum: 5, inclusive: false, input: 9 } as never),
      humanMessage({ code: 'invalid_format', format: 'email', input: 'x' } as never),
      humanMessage({ code: 'invalid_value', values: ['a', 'b'], input: 'c' } as never),
    ];
    for (const text of [...member, ...generic]) {
      expect(typeof text, String(text)).toBe('string');
      expect(listed(text as string), `not in CHECK_TEXTS: "${text}"`).toBe(true);
    }
  });

  it('says a listed text in the active language, values and plurals included, and leaves others alone', () => {
    const entry = (text: string) => {
      const found = CHECK_TEXTS.find(([pattern]) =>
        typeof pattern === 'string' ? pattern === text : pattern.test(text),
      );
      if (!found) throw new Error(text);
      return found[1].id;
    };
    i18n.loadAndActivate({
      locale: 'es',
      messages: {
        [entry('Enter an amount')]: 'Introduce un importe',
        [entry('Enter at least 3 characters')]: [
          [
            'count',
            'plural',
            {
              one: ['Escribe al menos ', '#', ' carácter'],
              other: ['Escribe al menos ', '#', ' caracteres'],
            },
          ],
        ],
        [entry('Too large (at most 1,000,000.000000)')]: ['Demasiado (como máximo ', ['amount'], ')'],
      },
    });
    expect(checkText('Enter an amount')).toBe('Introduce un importe');
    expect(checkText('Enter at least 3 characters')).toBe('Escribe al menos 3 caracteres');
    expect(checkText('Enter at least 1 character')).toBe('Escribe al menos 1 carácter');
    expect(checkText('Too large (at most 999.5)')).toBe('Demasiado (como máximo 999.5)');
    // listed, but not in the loaded catalog: the English, never an id
    expect(checkText('Enter your password')).toBe('Enter your password');
    expect(checkText('Something else entirely')).toBe('Something else entirely');
  });
});
