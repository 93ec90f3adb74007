/** The addresses a user typed, one per line or separated by commas or semicolons. */
export function parseAddresses(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Addresses as the card's field shows them. */
export const joinAddresses = (list: string[]): string => list.join(', ');
