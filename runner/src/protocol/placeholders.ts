// The placeholders every adapter command may use, persistent or exec (SPEC KIT-PROTOCOL-EXEC).

import type { Adapter } from "../types/adapter.js";

/**
 * {kit}, {adapter_dir} and {node}: the Node.js running papc, so that a command started with a
 * case's own PATH (a dispatch case's environment) still finds it.
 */
export function adapterPlaceholders(adapter: Pick<Adapter, "dir">, kitRoot: string): Record<string, string> {
  return { kit: kitRoot, adapter_dir: adapter.dir, node: process.execPath };
}
