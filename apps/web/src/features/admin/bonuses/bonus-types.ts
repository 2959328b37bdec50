import { KNOWN_BONUS_TYPES } from '@app/contracts/bonuses';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

type KnownType = keyof typeof KNOWN_BONUS_TYPES;

/** The contract's KNOWN_BONUS_TYPES words through the back-office catalog (the English is the same). */
export const BONUS_TYPE_WORD: Record<KnownType, MessageDescriptor> = {
  roi_income: msg`Video bonus (members without a plan)`,
  add_income: msg`Ad bonus (watching an ad)`,
};

export const KNOWN_TYPES = Object.keys(KNOWN_BONUS_TYPES) as KnownType[];

// own keys only: an admin's own type may be any word ("constructor" is `in` every object)
export const isKnownType = (type: string): type is KnownType => Object.hasOwn(KNOWN_BONUS_TYPES, type);
