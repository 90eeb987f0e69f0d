// Placeholder expansion (Agent Plugins 1.0.0 §9.2): every exact occurrence of ${PLUGIN_ROOT}
// and ${PLUGIN_DATA} is replaced in one left-to-right pass. Replacement text is never scanned
// again, and anything else that looks like a placeholder (${HOME}, $PLUGIN_ROOT,
// ${plugin_root}, an unclosed ${PLUGIN_ROOT) stays literal.

export interface PlaceholderValues {
  PLUGIN_ROOT: string;
  PLUGIN_DATA: string;
}

const PLACEHOLDER = /\$\{(PLUGIN_ROOT|PLUGIN_DATA)\}/g;

export function expandPlaceholders(text: string, values: PlaceholderValues): string {
  // A replacer function: "$&"-style patterns in the values are not interpreted, and
  // String.prototype.replace continues after each match, never inside replaced text.
  return text.replace(PLACEHOLDER, (_match, name: "PLUGIN_ROOT" | "PLUGIN_DATA") => values[name]);
}
