/** A header as one bounded string (a repeated header is hostile: its first value), or undefined. */
export function headerText(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 200) : undefined;
}
