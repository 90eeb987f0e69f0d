// Types of wording-ignorer.mjs (a plain module so Stryker can load it without a build).
import type { Ignorer } from "@stryker-mutator/api/ignore";

export declare const wordingIgnorer: Ignorer;
export declare const strykerPlugins: readonly { kind: "Ignore"; name: string; value: Ignorer }[];
