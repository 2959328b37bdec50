/**
 * A form field's check message or hint in the member's language (issue 38). The fields are on the
 * public pages' first paint, the table of texts is not: src/i18n/offered.ts sets the translator
 * once the `checks` catalog is asked for; until then a text shows as it came.
 */
let translate = (text: string) => text;

export const fieldText = (text: string) => translate(text);

export function setFieldTranslator(next: (text: string) => string) {
  translate = next;
}
