/** Fills `{name}` placeholders of a text from content/ or of a `lines.ts` module; unknown placeholders stay as they are. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
